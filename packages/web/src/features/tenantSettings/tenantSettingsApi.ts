import {
  type TenantSettings,
  type TenantSettingsChange,
  tenantSettingsChange,
  tenantSettingsResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';

/** The tenant's settings, read fresh (the client's shared copy may be older). */
export function readTenantSettings(client: ApiClient): Promise<TenantSettings> {
  return client.call('GET', '/spapi/data/v1/tenantSettings', tenantSettingsResponse);
}

/** Saves the time zone, locale and financial-year start (administrators only). */
export function saveTenantSettings(client: ApiClient, change: TenantSettingsChange): Promise<TenantSettings> {
  return client.call(
    'PUT',
    '/spapi/data/v1/tenantSettings',
    tenantSettingsResponse,
    tenantSettingsChange.parse(change),
  );
}

/** The months' names in the app's language (the financial-year start is a month number). */
export function monthNames(locale = 'en-AU'): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)));
}

/** Locales offered besides the tenant's own (any locale the server knows may be saved). */
const commonLocales = [
  'en-AU',
  'en-GB',
  'en-US',
  'en-CA',
  'en-NZ',
  'en-IE',
  'en-IN',
  'en-ZA',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-CA',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pt-PT',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'ja-JP',
  'zh-CN',
  'ko-KR',
];

/** The locales to choose from, each named in English, with the current one always among them. */
export function localeOptions(current: string): Array<{ id: string; label: string }> {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  const ids = commonLocales.includes(current) ? commonLocales : [current, ...commonLocales];
  return ids.map((id) => {
    let label = id;
    try {
      label = `${names.of(id) ?? id} (${id})`;
    } catch {
      // an id Intl cannot name shows as itself
    }
    return { id, label };
  });
}

/** The time zones to choose from: every zone the browser knows, with the current one among them. */
export function timeZoneOptions(current: string): Array<{ id: string; label: string }> {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.includes(current) ? known : [current, ...known];
  if (!zones.includes('UTC')) zones.unshift('UTC');
  return zones.map((id) => ({ id, label: id.replaceAll('_', ' ') }));
}
