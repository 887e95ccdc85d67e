import type { CalcDataSource } from '../data.js';
import type { CalcType } from '../types.js';
import { formatNumber } from './convert.js';
import { formatTemporal } from './dateMath.js';
import { dateText, instantText, localText, startOfDate, timeText } from './time.js';
import {
  CalcDate,
  CalcDateTime,
  CalcTime,
  Dec,
  decimalText,
  isDecimal,
  RecordValue,
  type Value,
} from './values.js';

/** A record's name, or '' when it has none. */
export async function nameOf(data: CalcDataSource, r: RecordValue): Promise<string> {
  return (await data.nameOf({ id: r.id, typeId: r.typeId })) ?? '';
}

/**
 * A value as text (calc-language.md §3): numbers plainly (Currency with two places), dates
 * `yyyy-mm-dd`, date-times on the local wall clock, records by name, lists joined with ', '.
 */
export async function toText(
  v: Value,
  t: CalcType,
  timeZone: string,
  data: CalcDataSource,
  format?: string,
): Promise<string> {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (format) return formatNumber(v, format);
    return t.type === 'Currency' ? decimalText(new Dec(v), true) : String(v);
  }
  if (isDecimal(v)) return format ? formatNumber(v, format) : decimalText(v, t.type === 'Currency');
  if (v instanceof CalcDate || v instanceof CalcTime || v instanceof CalcDateTime) {
    if (format) return formatTemporal(v, format, timeZone);
    if (v instanceof CalcDate) return dateText(v.days);
    if (v instanceof CalcTime) return timeText(v.ms);
    return localText(v.ms, timeZone);
  }
  if (v instanceof RecordValue) return nameOf(data, v);
  const parts: string[] = [];
  for (const item of v)
    if (item !== null) parts.push(await toText(item, { ...t, isList: false }, timeZone, data, format));
  return parts.join(', ');
}

/** A JSON-ready record: its id and name. */
export interface RecordJson {
  readonly id: string;
  readonly name: string | null;
}
export type JsonValue = null | string | number | boolean | RecordJson | JsonValue[];

/** JSON for the caller: Decimal and Currency as strings, dates `yyyy-mm-dd`, date-times ISO 8601 UTC. */
export async function toJson(
  v: Value,
  t: CalcType,
  data: CalcDataSource,
  timeZone: string,
): Promise<JsonValue> {
  // A value of a narrower type than the static one (Int32 in a Decimal iif) is widened here.
  if (typeof v === 'number' && (t.type === 'Decimal' || t.type === 'Currency')) {
    return decimalText(new Dec(v), t.type === 'Currency');
  }
  if (v instanceof CalcDate && t.type === 'DateTime') return instantText(startOfDate(v, timeZone).ms);
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (isDecimal(v)) return decimalText(v, t.type === 'Currency');
  if (v instanceof CalcDate) return dateText(v.days);
  if (v instanceof CalcTime) return timeText(v.ms);
  if (v instanceof CalcDateTime) return instantText(v.ms);
  if (v instanceof RecordValue) return { id: v.id, name: await data.nameOf({ id: v.id, typeId: v.typeId }) };
  const out: JsonValue[] = [];
  for (const item of v) out.push(await toJson(item, { ...t, isList: false }, data, timeZone));
  return out;
}
