import { CalendarDate, CalendarDateTime, Time } from '@internationalized/date';
import { type DateOrder, maxYear, minYear } from './dateFormats';

/**
 * The text model of the date, time and date-time input: one text per segment, exactly as typed.
 * Typing never clamps or rewrites a segment because of another one (31 stays 31 while the month
 * is typed); whether the whole text is a value is decided only by `typedValueOf`.
 */

export type EditorKind = 'date' | 'time' | 'dateTime';
export type SegmentType = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'dayPeriod';

interface SegmentRange {
  min: number;
  max: number;
  digits: number;
}

/** Spec 02 §5: day 1–31, month 1–12, hour 1–12, minute 0–59, year 4 digits (1–9999). */
export const segmentRanges: Record<Exclude<SegmentType, 'dayPeriod'>, SegmentRange> = {
  day: { min: 1, max: 31, digits: 2 },
  month: { min: 1, max: 12, digits: 2 },
  year: { min: minYear, max: maxYear, digits: 4 },
  hour: { min: 1, max: 12, digits: 2 },
  minute: { min: 0, max: 59, digits: 2 },
};

export const segmentPlaceholders: Record<SegmentType, string> = {
  day: 'dd',
  month: 'mm',
  year: 'yyyy',
  hour: 'hh',
  minute: 'mm',
  dayPeriod: 'AM',
};

/** Keys that end the segment being typed and move to the next one. */
export const separators = '/-.:, ';

export interface SegmentsState {
  types: readonly SegmentType[];
  /** Digits as typed ('' when empty); 'AM' or 'PM' for the day period. */
  texts: readonly string[];
  /** The segment being edited. */
  active: number;
  /** The next digit starts the active segment afresh (it was just entered). */
  fresh: boolean;
}

export type SegmentsValue = CalendarDate | CalendarDateTime | Time;

/** The segments of a kind in a date order: date, then hh:mm AM for date-times. */
export function segmentLayout(kind: EditorKind, order: DateOrder): SegmentType[] {
  const time: SegmentType[] = ['hour', 'minute', 'dayPeriod'];
  if (kind === 'time') return time;
  const date = [...order].map((c) => (c === 'd' ? 'day' : c === 'm' ? 'month' : 'year')) as SegmentType[];
  return kind === 'date' ? date : [...date, ...time];
}

/** The text shown between segment i-1 and segment i. */
export function literalBefore(types: readonly SegmentType[], i: number, order: DateOrder): string {
  const type = types[i];
  if (i === 0 || type === undefined) return '';
  if (type === 'minute') return ':';
  if (type === 'hour' || type === 'dayPeriod') return ' ';
  return order === 'ymd' ? '-' : '/';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The segment texts of a value (or all empty for null). */
export function fromValue(types: readonly SegmentType[], value: SegmentsValue | null): SegmentsState {
  const texts = types.map((type) => {
    if (!value) return '';
    if (type === 'dayPeriod') return 'hour' in value && value.hour >= 12 ? 'PM' : 'AM';
    if (type === 'hour') return 'hour' in value ? pad(value.hour % 12 === 0 ? 12 : value.hour % 12, 2) : '';
    if (type === 'minute') return 'minute' in value ? pad(value.minute, 2) : '';
    if (!('year' in value)) return '';
    return pad(value[type], segmentRanges[type].digits);
  });
  return { types, texts, active: 0, fresh: true };
}

const withText = (state: SegmentsState, index: number, text: string): SegmentsState => ({
  ...state,
  texts: state.texts.map((t, i) => (i === index ? text : t)),
});

/** Moves to segment `index`, entering it afresh. */
export function focusSegment(state: SegmentsState, index: number): SegmentsState {
  const active = Math.max(0, Math.min(state.types.length - 1, index));
  return { ...state, active, fresh: true };
}

/** Whether no further digit can follow `text` in a segment of `range`. */
function isSegmentDone(text: string, range: SegmentRange): boolean {
  return text.length >= range.digits || Number(`${text}0`) > range.max;
}

function typeDigit(state: SegmentsState, digit: string): SegmentsState {
  const type = state.types[state.active];
  if (type === undefined || type === 'dayPeriod') return state;
  const range = segmentRanges[type];
  const typed = state.fresh ? '' : (state.texts[state.active] ?? '');
  const text = typed + digit;
  const hasNext = state.active < state.types.length - 1;
  if (typed !== '' && Number(text) > range.max && hasNext) {
    // "35" cannot be a day: the day is 3 and the 5 begins the next segment.
    return typeDigit(focusSegment(state, state.active + 1), digit);
  }
  const typedState = {
    ...withText(state, state.active, typed !== '' && Number(text) > range.max ? digit : text),
    fresh: false,
  };
  const done = isSegmentDone(typedState.texts[state.active] ?? '', range);
  if (!done) return typedState;
  return hasNext ? focusSegment(typedState, state.active + 1) : { ...typedState, fresh: true };
}

/** Applies one typed character: a digit, a separator, or a/p for the day period. */
export function typeKey(state: SegmentsState, key: string): SegmentsState {
  if (/^[0-9]$/.test(key)) return typeDigit(state, key);
  if (separators.includes(key)) {
    const text = state.texts[state.active] ?? '';
    const hasNext = state.active < state.types.length - 1;
    return !state.fresh && text !== '' && hasNext ? focusSegment(state, state.active + 1) : state;
  }
  const period = key.toLowerCase() === 'a' ? 'AM' : key.toLowerCase() === 'p' ? 'PM' : null;
  const periodIndex = state.types.indexOf('dayPeriod');
  if (period && periodIndex >= 0) {
    const next = withText(state, periodIndex, period);
    return state.active === periodIndex ? { ...next, fresh: true } : next;
  }
  return state;
}

/** Backspace: removes the last typed character, or moves back from an empty segment. */
export function backspace(state: SegmentsState): SegmentsState {
  const text = state.texts[state.active] ?? '';
  if (text === '') return { ...state, active: Math.max(0, state.active - 1), fresh: false };
  const type = state.types[state.active];
  return { ...withText(state, state.active, type === 'dayPeriod' ? '' : text.slice(0, -1)), fresh: false };
}

/** Delete: empties the active segment. */
export function clearSegment(state: SegmentsState): SegmentsState {
  return { ...withText(state, state.active, ''), fresh: true };
}

/** Arrow up/down: steps the active segment, wrapping in its range; an empty one starts at `start`. */
export function stepSegment(state: SegmentsState, amount: 1 | -1, start: CalendarDateTime): SegmentsState {
  const type = state.types[state.active];
  if (type === undefined) return state;
  const text = state.texts[state.active] ?? '';
  if (type === 'dayPeriod') {
    const next = text === '' ? (start.hour >= 12 ? 'PM' : 'AM') : text === 'AM' ? 'PM' : 'AM';
    return { ...withText(state, state.active, next), fresh: true };
  }
  const range = segmentRanges[type];
  let n: number;
  if (text === '') {
    n = type === 'hour' ? (start.hour % 12 === 0 ? 12 : start.hour % 12) : start[type];
  } else {
    n = Number(text) + amount;
    if (n > range.max) n = range.min;
    if (n < range.min) n = range.max;
  }
  return { ...withText(state, state.active, pad(n, range.digits)), fresh: true };
}

export function isEmpty(state: SegmentsState): boolean {
  return state.texts.every((t) => t === '');
}

/** Whether every segment is typed in full, so nothing more is expected. */
export function isFilled(state: SegmentsState): boolean {
  return state.types.every((type, i) => {
    const text = state.texts[i] ?? '';
    return type === 'year' ? text.length === segmentRanges.year.digits : text !== '';
  });
}

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * The value the text stands for: null when every segment is empty, undefined when the text is
 * incomplete or not a date (31/02/2027, day 0, a year of fewer than 4 digits).
 */
export function typedValueOf(state: SegmentsState): SegmentsValue | null | undefined {
  if (isEmpty(state)) return null;
  if (!isFilled(state)) return undefined;
  const part = (type: SegmentType) => {
    const i = state.types.indexOf(type);
    return i < 0 ? undefined : (state.texts[i] ?? '');
  };
  const number = (type: Exclude<SegmentType, 'dayPeriod'>) => {
    const text = part(type);
    if (text === undefined) return undefined;
    const n = Number(text);
    const range = segmentRanges[type];
    return n >= range.min && n <= range.max ? n : Number.NaN;
  };
  const [day, month, year, hour, minute] = (['day', 'month', 'year', 'hour', 'minute'] as const).map(number);
  if ([day, month, year, hour, minute].some((n) => Number.isNaN(n))) return undefined;
  const period = part('dayPeriod');
  const hour24 = hour === undefined ? undefined : (hour % 12) + (period === 'PM' ? 12 : 0);
  if (year === undefined || month === undefined || day === undefined) {
    return hour24 === undefined || minute === undefined ? undefined : new Time(hour24, minute);
  }
  if (day > daysInMonth(year, month)) return undefined;
  if (hour24 === undefined || minute === undefined) return new CalendarDate(year, month, day);
  return new CalendarDateTime(year, month, day, hour24, minute);
}
