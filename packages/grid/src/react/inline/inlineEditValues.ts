import { type DateInputProps, parseStored } from '@plinth/fields';
import { wallClockIn } from '../../columns/wallClockIn.js';
import type { CellEdit, ReportCell } from '../../types.js';

type DateKind = 'date' | 'time' | 'dateTime';
export type DateEditorValue<K extends DateKind> = NonNullable<DateInputProps<K>['value']>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The value a cell holds while edited: the edit's, else the row's. */
export function editedRaw(cell: ReportCell | undefined, edit: CellEdit | undefined): unknown {
  if (edit) return edit.value;
  if (!cell || typeof cell !== 'object') return null;
  if ('vals' in cell) return Array.isArray(cell.vals) ? cell.vals.map((v) => v.eid) : [];
  return cell.val;
}

export function textOf(raw: unknown): string {
  return raw === null || raw === undefined ? '' : typeof raw === 'object' ? '' : String(raw);
}

export function numberOf(raw: unknown): number | null {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

export function boolOf(raw: unknown): boolean {
  return raw === true || raw === 'true' || raw === 1;
}

export function idsOf(raw: unknown): number[] {
  return Array.isArray(raw) ? raw.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * The editor value of a stored date ('yyyy-MM-dd'), time ('HH:mm:ss') or date-time (an instant,
 * shown in the tenant's zone); null when empty or unreadable.
 */
export function dateEditorValue<K extends DateKind>(
  kind: K,
  raw: unknown,
  timeZone?: string,
): DateEditorValue<K> | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  let text = raw.trim();
  if (kind === 'time' && /^\d{2}:\d{2}/.test(text)) text = `1973-01-01T${text}`;
  if (kind === 'dateTime' && /(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) return null;
    const w = wallClockIn(instant, timeZone);
    text = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  }
  const parsed = parseStored(text);
  if (!parsed) return null;
  const isTime = !('year' in parsed);
  const isDateTime = 'year' in parsed && 'hour' in parsed;
  if (kind === 'time') return (isTime ? parsed : null) as DateEditorValue<K> | null;
  if (kind === 'dateTime') return (isDateTime ? parsed : null) as DateEditorValue<K> | null;
  return (!isTime && !isDateTime ? parsed : null) as DateEditorValue<K> | null;
}

/** The offset in minutes of a zone from UTC at a wall-clock time. */
function zoneOffsetMinutes(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone?: string,
) {
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  asUtc.setUTCHours(wall.hour, wall.minute, 0, 0);
  // The wall clock the zone shows at that UTC instant tells the offset; a second pass settles DST edges.
  let offset = 0;
  for (let i = 0; i < 2; i++) {
    const w = wallClockIn(new Date(asUtc.getTime() - offset * 60_000), timeZone);
    const shown = new Date(0);
    shown.setUTCFullYear(w.year, w.month - 1, w.day);
    shown.setUTCHours(w.hour, w.minute, 0, 0);
    offset = Math.round((shown.getTime() - (asUtc.getTime() - offset * 60_000)) / 60_000);
  }
  return offset;
}

/**
 * The stored form of an edited date ('yyyy-MM-dd'), time ('HH:mm:ss') or date-time (ISO with the
 * tenant zone's offset), as the entity service takes them; null when cleared.
 */
export function storedDateValue(
  kind: DateKind,
  value: {
    year?: number;
    month?: number;
    day?: number;
    hour?: number;
    minute?: number;
    second?: number;
  } | null,
  timeZone?: string,
): string | null {
  if (!value) return null;
  const time = `${pad(value.hour ?? 0)}:${pad(value.minute ?? 0)}:${pad(value.second ?? 0)}`;
  if (kind === 'time') return time;
  const date = `${pad(value.year ?? 1, 4)}-${pad(value.month ?? 1)}-${pad(value.day ?? 1)}`;
  if (kind === 'date') return date;
  const offset = zoneOffsetMinutes(
    {
      year: value.year ?? 1,
      month: value.month ?? 1,
      day: value.day ?? 1,
      hour: value.hour ?? 0,
      minute: value.minute ?? 0,
    },
    timeZone,
  );
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}T${time}${sign}${pad(Math.trunc(abs / 60))}:${pad(abs % 60)}`;
}
