import fs from 'node:fs';
import path from 'node:path';
import { serverSrc } from './serverSources.js';

/**
 * The tenant tables the ratchets (test/data/tenantTable*.test.ts) look for: the tables of
 * db/tables.ts whose row type has a `tenant_id` (decision 0058).
 */
export function tenantTables(): string[] {
  const tablesTs = fs.readFileSync(path.join(serverSrc, 'db/tables.ts'), 'utf8');
  const withTenant = new Set(
    [...tablesTs.matchAll(/export interface (\w+) \{([^}]*)\}/g)]
      .filter(([, , body]) => /^\s*tenant_id:/m.test(body ?? ''))
      .map(([, name]) => name),
  );
  const tables = /export interface Tables \{([^}]*)\}/.exec(tablesTs)?.[1] ?? '';
  return [...tables.matchAll(/^\s*(\w+): (\w+);/gm)]
    .filter(([, , row]) => withTenant.has(row ?? ''))
    .map(([, table]) => table ?? '');
}

/** Tables with a `tenant_id` and no row type in db/tables.ts, which the ratchets leave out, and why. */
export const untypedTenantTables: Record<string, string> = {
  entity_search:
    'the quick-search index (data/search); the report query reaches the tenant’s rows by rowid range',
  entity_search_ordered: 'the name-ordered search index (data/search, SQLite), by rowid range as above',
  search_bands: 'the name order of data/search',
  search_order: 'the name order of data/search',
  change_chunks: 'change markers per chunk, read by data/chunkMarkers.ts only',
  jobs: 'the durable job queue (jobs/), which takes the jobs of every tenant: a job names its tenant',
};
