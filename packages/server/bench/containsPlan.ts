import { performance } from 'node:perf_hooks';
import { reportQuery } from '@plinth/schema';
import { type CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { contextFor } from '../src/auth/contextFor.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { registerSystemTypes } from '../src/registerSystemTypes.js';
import { loadReport, runReport } from '../src/reports/runReport.js';
import { systemClock } from '../src/util/clock.js';
import { createBenchReports } from './benchReports.js';
import { seedBench } from './seedBench.js';

/**
 * `node --conditions=@plinth/source --import tsx packages/server/bench/containsPlan.ts N [random_page_cost]`:
 * PostgreSQL's plan and time of a name Contains condition at N records (decision 0060), with the
 * server's own upkeep run after the writes and no ANALYZE of its own. Needs BENCH_DATABASE_URL.
 */
const records = Number(process.argv[2] ?? 20000);
const pageCost = process.argv[3];
const baseUrl = process.env.BENCH_DATABASE_URL;
if (!baseUrl) throw new Error('BENCH_DATABASE_URL is needed');
const name = `plinth_contains_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
if (pageCost) await admin.query(`ALTER DATABASE ${name} SET random_page_cost = ${Number(pageCost)}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
try {
  const database = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
  const statements: CompiledQuery[] = [];
  const executor = database.db.getExecutor();
  const db = database.db.withPlugin({
    transformQuery(args) {
      statements.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const services = {
    db,
    engine: 'postgres' as const,
    clock: systemClock,
    metaCache: new TenantMetaCache(),
    systemTypes: registerSystemTypes(),
  };
  const data = await seedBench(services, records, () => {});
  await database.upkeep.runNow();
  const { list } = await createBenchReports(services, data);
  const ctx = await contextFor(services, data.tenantId, data.adminId);
  for (const value of ['ilver ro', 'rollout 1234', 'zzz']) {
    const query = reportQuery.parse({
      pageSize: 51,
      metadata: 'none',
      conds: [{ expid: 'name', oper: 'Contains', value }],
    });
    const times: number[] = [];
    let page: CompiledQuery | undefined;
    for (let i = 0; i < 7; i++) {
      statements.length = 0;
      const t0 = performance.now();
      await runReport(ctx, await loadReport(ctx, { reportId: list }), query);
      times.push(performance.now() - t0);
      page = statements.find((s) => /LIKE|ILIKE|like/i.test(s.sql) && /e0\.id/.test(s.sql));
    }
    times.sort((a, b) => a - b);
    const plan = page
      ? (
          await database.db.executeQuery<Record<string, string>>({
            ...sql.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${page.sql}`).compile(database.db),
            parameters: page.parameters,
          })
        ).rows
          .map((r) => r['QUERY PLAN'])
          .filter((l) => /Scan|Join|Limit|Sort|Execution/.test(l ?? ''))
          .join('\n')
      : 'no page statement seen';
    console.log(
      `\n${records} records, random_page_cost ${pageCost ?? 'default'}, "${value}": run p50 ${times[3]!.toFixed(1)} ms\n${plan}`,
    );
  }
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
