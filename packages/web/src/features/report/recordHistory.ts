import { type AuditEvent, type AuditPage, auditPage } from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';

/** One page of a record's history, newest first (`GET /spapi/data/v1/entity/{id}/history`). */
export function fetchRecordHistory(
  client: ApiClient,
  recordId: number,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = new URLSearchParams({ pageSize: '50', ...(cursor ? { cursor } : {}) });
  return client.call(
    'GET',
    `/spapi/data/v1/entity/${recordId}/history?${query}`,
    auditPage,
    undefined,
    signal,
  );
}

/** What happened to the record, as the History lists it. */
export const historyActionLabels: Record<AuditEvent['action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  signIn: 'Signed in',
  signInFailed: 'Sign-in failed',
};

const longest = 200;

/** How values show: the tenant's locale, time zone and currency symbol. */
export interface HistoryFormat {
  locale: string;
  timeZone: string;
  currencySymbol: string;
}

/**
 * A stored value as one line of text, as its field shows it: empty as an em dash, yes/no, dates
 * and times in the tenant's locale (times in its zone), amounts with the currency symbol, rich
 * text as its words; long text is cut.
 */
export function historyValueText(
  value: string | number | boolean | null,
  fieldType = 'Text',
  format: HistoryFormat = { locale: 'en-AU', timeZone: 'UTC', currencySymbol: '$' },
): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  try {
    if (typeof value === 'number' && (fieldType === 'Number' || fieldType === 'Decimal'))
      return value.toLocaleString(format.locale);
    if (typeof value === 'number' && fieldType === 'Currency')
      return `${format.currencySymbol}${value.toLocaleString(format.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    if (typeof value === 'string' && fieldType === 'Date' && /^\d{4}-\d\d-\d\d$/.test(value))
      return new Intl.DateTimeFormat(format.locale, { dateStyle: 'short', timeZone: 'UTC' }).format(
        new Date(`${value}T00:00:00Z`),
      );
    if (typeof value === 'string' && fieldType === 'DateTime' && !Number.isNaN(Date.parse(value)))
      return historyTime(value, format.locale, format.timeZone);
  } catch {
    // a value Intl cannot format shows as stored
  }
  const text =
    typeof value === 'string'
      ? value
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : String(value);
  return text.length > longest ? `${text.slice(0, longest)}…` : text;
}

/** When a change was made, in the tenant's time zone and locale. */
export function historyTime(at: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(at),
    );
  } catch {
    return at;
  }
}
