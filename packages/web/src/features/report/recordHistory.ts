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

/** A stored value as one line of text: empty shows as an em dash, rich text as its words. */
export function historyValueText(value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
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
