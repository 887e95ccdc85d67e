import { type EntityRef, sysField as F, isKnownTimeZone, sysType } from '@plinth/schema';
import type { EntityRow } from '../data/entityRepository.js';
import type { MemberError } from '../entities/relationshipChanges.js';

function isKnownLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

/** Settings records must hold a time zone and a locale the server can use. */
export function validateTenantSettings(
  rows: readonly EntityRow[],
  refOf: (id: number) => EntityRef,
): MemberError[] {
  const errors: MemberError[] = [];
  for (const row of rows) {
    if (row.typeId !== sysType.tenantSettings) continue;
    const zone = row.data[String(F.timeZone)];
    if (typeof zone === 'string' && !isKnownTimeZone(zone)) {
      errors.push({ id: refOf(row.id), member: 'timeZone', message: `'${zone}' is not a known time zone.` });
    }
    const locale = row.data[String(F.locale)];
    if (typeof locale === 'string' && !isKnownLocale(locale)) {
      errors.push({ id: refOf(row.id), member: 'locale', message: `'${locale}' is not a known locale.` });
    }
  }
  return errors;
}
