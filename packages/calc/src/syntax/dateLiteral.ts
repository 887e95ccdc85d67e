import type { LiteralType } from './ast.js';

export type DateLiteralResult =
  | {
      readonly ok: true;
      readonly valueType: LiteralType;
      readonly value: string;
      readonly ambiguous: boolean;
    }
  | { readonly ok: false; readonly valueType: LiteralType };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isValidDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1 || y > 9999) return false;
  const days = new Date(Date.UTC(2000, m, 0)).getUTCDate(); // days in month m of a leap year
  if (d > days) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return !(m === 2 && d === 29 && !leap);
}

function time(h: string, mi: string, s: string | undefined, ms: string | undefined): string | undefined {
  const [hh, mm, ss] = [Number(h), Number(mi), Number(s ?? 0)];
  if (hh > 23 || mm > 59 || ss > 59) return undefined;
  const frac = ms ? `.${ms.padEnd(3, '0')}` : '';
  return `${pad(hh)}:${pad(mm)}:${pad(ss)}${frac}`;
}

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]${TIME}(Z)?)?$`);
const SLASHED = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})(?: ${TIME})?$`);
const TIME_ONLY = new RegExp(`^${TIME}$`);

/**
 * Reads the text between `#` and `#`. ISO only; `dd/mm/yyyy` is accepted as day-first (the contract's
 * own example, `#31/01/2024#`) and flagged ambiguous.
 */
export function parseDateLiteral(raw: string): DateLiteralResult {
  const text = raw.trim();
  const timeOnly = TIME_ONLY.exec(text);
  if (timeOnly) {
    const t = time(timeOnly[1]!, timeOnly[2]!, timeOnly[3], timeOnly[4]);
    return t ? { ok: true, valueType: 'Time', value: t, ambiguous: false } : { ok: false, valueType: 'Time' };
  }
  let parts: (string | undefined)[] | undefined;
  let ambiguous = false;
  const iso = ISO.exec(text);
  if (iso) parts = [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6], iso[7], iso[8]];
  const slashed = iso ? null : SLASHED.exec(text);
  if (slashed) {
    parts = [slashed[3], slashed[2], slashed[1], slashed[4], slashed[5], slashed[6], slashed[7], undefined];
    ambiguous = true;
  }
  if (!parts) return { ok: false, valueType: text.includes(':') ? 'DateTime' : 'Date' };
  const [y, m, d, h, mi, s, ms, z] = parts;
  const valueType: LiteralType = h === undefined ? 'Date' : 'DateTime';
  if (!isValidDate(Number(y), Number(m), Number(d))) return { ok: false, valueType };
  const date = `${y}-${pad(Number(m))}-${pad(Number(d))}`;
  if (h === undefined) return { ok: true, valueType, value: date, ambiguous };
  const t = time(h, mi!, s, ms);
  if (!t) return { ok: false, valueType };
  return { ok: true, valueType, value: `${date}T${t}${z ?? ''}`, ambiguous };
}
