import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { reportQuery } from '@plinth/schema';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { contextFor } from '../src/auth/contextFor.js';
import { bandSpreadTask } from '../src/data/search/bandSpread.js';
import { openDatabase } from '../src/db/openDatabase.js';
import type { Tables } from '../src/db/tables.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import { reportResultCache } from '../src/reports/resultCache.js';
import { loadReport, runReport } from '../src/reports/runReport.js';
import { systemClock } from '../src/util/clock.js';
import { createBenchReports } from './benchReports.js';
import { type BenchData, seedBench } from './seedBench.js';

/**
 * `node --conditions=@plinth/source --import tsx packages/server/bench/reportsProfile.ts DIR RECORDS [cached|cold|show]`:
 * seeds the bench's records once into DIR, then times and explains each statement of a run of the
 * "group by choice with sum" report, and the p50 of 20 runs in process (`cold`: the result cache
 * emptied before each run).
 */
const dir = process.argv[2]!;
const records = Number(process.argv[3] ?? 100000);
const infoFile = path.join(dir, 'bench.json');
if (!fs.existsSync(infoFile)) {
  const database = await openDatabase({ dataDir: dir });
  database.upkeep.add(bandSpreadTask(database.db));
  const services = {
    db: database.db,
    engine: 'sqlite' as const,
    clock: systemClock,
    metaCache: new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
  };
  const data = await seedBench(services, records, console.error);
  const { grouped } = await createBenchReports(services, data);
  // As the server's idle upkeep leaves them: merged search indexes and statistics (decision 0044).
  await database.upkeep.runNow();
  fs.writeFileSync(infoFile, JSON.stringify({ ...data, grouped }));
  await database.close();
}
const data = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as BenchData & { grouped: number };
const sqlite = new SQLite(path.join(dir, 'plinth.sqlite'));
sqlite.pragma('journal_mode = WAL');
const statements: string[] = [];
let capture = false;
const db = new Kysely<Tables>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (e) => {
    if (capture && e.level === 'query') {
      const params = [...e.query.parameters];
      const text = e.query.sql.replace(/\?/g, () => {
        const p = params.shift();
        return typeof p === 'string' ? `'${p.replace(/'/g, "''")}'` : String(p);
      });
      statements.push(`${e.queryDurationMillis.toFixed(2)} ms: ${text}`);
    }
  },
});
const services = {
  db,
  engine: 'sqlite' as const,
  clock: systemClock,
  metaCache: new TenantMetaCache(),
  systemTypes: registerSystemTypes(),
};
const ctx = await contextFor(services, data.tenantId, data.adminId);
const mode = process.argv[4] ?? 'cached';
const clear = () => {
  if (mode === 'cold') reportResultCache(db).clear();
};
const q = reportQuery.parse({ pageSize: 51, metadata: 'none' });
const run = async () => runReport(ctx, await loadReport(ctx, { reportId: data.grouped }), q);
for (let i = 0; i < 3; i++) await run();
clear();
capture = true;
const t = performance.now();
const res = await run();
console.log(`total ${(performance.now() - t).toFixed(2)} ms`);
capture = false;
for (const s of statements) {
  console.log(`\n${s}`);
  const sqlText = s.slice(s.indexOf(': ') + 2);
  if (/^\s*select/i.test(sqlText))
    for (const r of sqlite.prepare(`EXPLAIN QUERY PLAN ${sqlText}`).all() as Array<{ detail: string }>)
      console.log(`   | ${r.detail}`);
}
if (mode === 'show')
  console.log(JSON.stringify({ rdata: res.rdata, total: res.total, first: res.gdata.slice(0, 2) }));
const times: number[] = [];
for (let i = 0; i < (mode === 'cold' ? 7 : 20); i++) {
  clear();
  const t0 = performance.now();
  await run();
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`p50 ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms`);
await db.destroy();
