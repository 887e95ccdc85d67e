import type { EntityId } from '@plinth/schema';
import { AppError } from '../http/errors.js';

/**
 * A record's version as an HTTP entity tag (decision 0032): the ETag of a single-record read, and
 * what a single-record write sends back in If-Match.
 */
export const etagOf = (version: number): string => `"${version}"`;

/** What an If-Match header asks for: any version (`*`), one version, or none that can match. */
export type IfMatch = { any: true } | { any: false; versions: number[] };

/**
 * Reads an If-Match header: `*`, or a list of entity tags (`"3"`, `W/"3"`). A record has one
 * version, so a list matches when one of its tags is that version; a tag that is not a version
 * matches nothing (412). Undefined when the header is absent.
 */
export function readIfMatch(header: string | string[] | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  const text = (Array.isArray(header) ? header.join(',') : header).trim();
  if (text === '') return undefined;
  if (text === '*') return { any: true };
  const versions = text
    .split(',')
    .map((tag) => /^(?:W\/)?"(\d{1,15})"$/.exec(tag.trim())?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number);
  return { any: false, versions };
}

/** Whether a record at `version` meets an If-Match condition. */
export const meetsIfMatch = (ifMatch: IfMatch, version: number): boolean =>
  ifMatch.any || ifMatch.versions.includes(version);

/** The refusal of a write whose record changed after the caller read it: 412, naming the record. */
export function staleRecord(row: { id: EntityId; name: string | null; version: number }): AppError {
  const record = row.name?.trim() ? `'${row.name.trim()}'` : `The record ${row.id}`;
  return new AppError(
    'precondition_failed',
    `${record} was changed by someone else after it was read. Read it again and retry.`,
    { id: row.id, version: row.version },
  );
}

/** The refusal of a single-record write without If-Match: 428. */
export const versionRequired = () =>
  new AppError(
    'precondition_required',
    'Send the version you read as If-Match (the ETag of the record) to change it.',
  );
