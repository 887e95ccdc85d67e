import type { FieldDef } from '@plinth/schema';
import { todayIn } from '../settings/tenantSettings.js';

/**
 * The default of a field for a new record: its configured value, with TODAY and NOW for dates and
 * 'true'/'false' for Booleans. Undefined when the field has no default, or a Boolean default that
 * is neither (the field-schema rules refuse such a default).
 */
export function defaultFor(field: FieldDef, timeZone: string, now: Date): unknown {
  const d = field.defaultValue;
  if (d === undefined || d === '') return undefined;
  const upper = d.trim().toUpperCase();
  if (defaultIsToday(field)) return todayIn(timeZone, now);
  if (field.type === 'DateTime' && (upper === 'NOW' || upper === 'TODAY')) return now.toISOString();
  if (field.type === 'Boolean') return upper === 'TRUE' ? true : upper === 'FALSE' ? false : undefined;
  return d;
}

/** Whether the field's default is the day of creation, which the tenant's time zone decides. */
export function defaultIsToday(field: FieldDef): boolean {
  const upper = field.defaultValue?.trim().toUpperCase();
  return field.type === 'Date' && (upper === 'TODAY' || upper === 'NOW');
}
