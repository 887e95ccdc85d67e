import { sysField as F } from '@plinth/schema';
import { parseData } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { systemQuery } from '../data/systemQuery.js';

export const tenantSettingsAlias = 'core:currentTenantSettings';

/** A tenant's settings as the browser reads them (spec: tenant settings, with the name field). */
export interface TenantSettings {
  tenantName: string;
  currencySymbol: string;
  nameFieldLabel: string;
  timeZone: string;
  locale: string;
  financialYearStartMonth: number;
  confirmExternalLinks: boolean;
}

export const defaultTenantSettings: Omit<TenantSettings, 'tenantName'> = {
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'UTC',
  locale: 'en-AU',
  financialYearStartMonth: 7,
  confirmExternalLinks: true,
};

/** Stored values of a settings record, by catalogue field. */
export function settingsData(s: Omit<TenantSettings, 'tenantName'>) {
  return {
    [F.currencySymbol]: s.currencySymbol,
    [F.nameFieldLabel]: s.nameFieldLabel,
    [F.timeZone]: s.timeZone,
    [F.locale]: s.locale,
    [F.financialYearStartMonth]: s.financialYearStartMonth,
    [F.confirmExternalLinks]: s.confirmExternalLinks,
  };
}

export async function readTenantSettings(db: CallerHandle, tenantId: number): Promise<TenantSettings> {
  const tenant = await systemQuery(db, 'tenant settings')
    .selectFrom('tenants')
    .select('name')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const row = await systemQuery(db, 'tenant settings')
    .selectFrom('entities')
    .select('data')
    .where('tenant_id', '=', tenantId)
    .where('alias', '=', tenantSettingsAlias)
    .executeTakeFirst();
  return { tenantName: tenant.name, ...settingsFromData(row ? parseData(row.data) : {}) };
}

/** The settings a tenant's settings record holds, with the defaults for what it does not. */
export function settingsFromData(d: Record<string, unknown>): Omit<TenantSettings, 'tenantName'> {
  const text = (key: number, fallback: string) =>
    typeof d[key] === 'string' && d[key] !== '' ? (d[key] as string) : fallback;
  const month = d[F.financialYearStartMonth];
  return {
    currencySymbol: text(F.currencySymbol, defaultTenantSettings.currencySymbol),
    nameFieldLabel: text(F.nameFieldLabel, defaultTenantSettings.nameFieldLabel),
    timeZone: text(F.timeZone, defaultTenantSettings.timeZone),
    locale: text(F.locale, defaultTenantSettings.locale),
    financialYearStartMonth:
      typeof month === 'number' && month >= 1 && month <= 12
        ? month
        : defaultTenantSettings.financialYearStartMonth,
    confirmExternalLinks: d[F.confirmExternalLinks] !== false,
  };
}

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}
