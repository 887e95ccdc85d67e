import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportQuery } from '@plinth/schema';
import { sql } from 'kysely';
import { contextFor } from '../src/auth/contextFor.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import { buildReportSql } from '../src/reports/reportSql.js';
import { resolveColumns } from '../src/reports/resolveColumns.js';
import { systemClock } from '../src/util/clock.js';
import { seedBench } from './seedBench.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-explain-'));
const database = await openDatabase({ dataDir });
const services = {
  db: database.db,
  engine: 'sqlite' as const,
  clock: systemClock,
  metaCache: new TenantMetaCache(),
  systemTypes: registerSystemTypes(),
};
const data = await seedBench(services, Number(process.argv[2] ?? 20000), () => {});
// The statistics the server's idle upkeep keeps after the writes (decision 0044).
await database.upkeep.runNow();
const ctx = await contextFor(services, data.tenantId, data.adminId);
const def = {
  version: 1 as const,
  rootTypeId: data.opportunityTypeId,
  columns: [
    { id: 'name', kind: 'field' as const, fieldId: 100, hidden: false, path: [] },
    { id: 'amount', kind: 'field' as const, fieldId: data.fields.amount!, hidden: false, path: [] },
    {
      id: 'stage',
      kind: 'relationship' as const,
      relId: data.rels.stage,
      direction: 'fwd' as const,
      hidden: false,
      path: [],
    },
  ],
  conditions: [],
  sorts: [],
  groups: [],
  aggregates: [],
  showGrandTotals: false,
  showSubTotals: true,
  showCount: false,
  isPublic: false,
};
const cols = resolveColumns(ctx.schema, def);
const mode = process.argv[3] ?? 'sorted';
const conditions =
  mode === 'filter'
    ? [
        { id: 's', column: cols[2]!, oper: 'AnyOf' as const, valueList: [data.stageIds[2]!] },
        { id: 'a', column: cols[1]!, oper: 'GreaterThan' as const, value: 1000 },
      ]
    : [];
const query = reportQuery.parse(mode === 'search' ? { quickSearch: 'ranite renew' } : {});
const plan = buildReportSql({
  scope: { ctx, timeZone: 'UTC', financialYearStartMonth: 7, now: new Date() },
  rootTypeIds: [data.opportunityTypeId],
  conditions,
  sorts: [
    { column: cols[mode === 'search' ? 0 : 1]!, order: mode === 'search' ? 'Ascending' : 'Descending' },
  ],
  query,
  // Sorted by name, the search walks the ordered index as a report run plans it (planWalk).
  walk:
    mode === 'search'
      ? { typeId: data.opportunityTypeId, descending: false, term: 'ranite renew' }
      : undefined,
});
const q = sql`SELECT e0.id AS id FROM ${plan.from()} WHERE ${plan.where} ORDER BY ${plan.orderBy} LIMIT 51`;
const compiled = q.compile(services.db);
console.log(compiled.sql, compiled.parameters);
const params = [...compiled.parameters];
const rows = await sql
  .raw(
    `EXPLAIN QUERY PLAN ${compiled.sql.replace(/\?/g, () => {
      const p = params.shift();
      return typeof p === 'string' ? `'${p}'` : String(p);
    })}`,
  )
  .execute(services.db);
console.log(rows.rows);
const idx = await sql`select name, sql from sqlite_master where type='index' and tbl_name='entities'`.execute(
  services.db,
);
console.log(idx.rows);
await database.close();
fs.rmSync(dataDir, { recursive: true });
