import { reportQuery } from '@plinth/schema';
import { type CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { contextFor } from '../../src/auth/contextFor.js';
import type { Db } from '../../src/db/tables.js';
import type { ReportAnswer } from '../../src/reports/response/reportResponse.js';
import { loadReport, runReport } from '../../src/reports/runReport.js';
import type { TestApp } from './testApp.js';

/** A handle on the same database that keeps the SQL of every statement run through it. */
export function recording(db: Db): { db: Db; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), statements };
}

/** Waits until `done` answers true, looking every 200 ms for at most 20 s. */
export async function eventually(done: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('not done in 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The rows of the records' table as the planner's statistics count them (0 before an analysis). */
export async function analysedRecords(t: TestApp): Promise<number> {
  if (t.engine === 'sqlite') {
    const { rows } = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1
      WHERE tbl = 'entities' AND idx = 'entities_type_lower_name'`
      .execute(t.services.db)
      .catch(() => ({ rows: [] as Array<{ stat: string }> }));
    return Number(rows[0]?.stat.split(' ')[0] ?? 0);
  }
  // Only an analysis sets PostgreSQL's count and its pg_stats (an index's build counts rows too).
  const { rows } = await sql<{ n: number }>`SELECT c.reltuples AS n FROM pg_class c
    JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE s.relname = 'entities' AND s.schemaname = current_schema()
    AND (s.last_analyze IS NOT NULL OR s.last_autoanalyze IS NOT NULL)`.execute(t.services.db);
  return Number(rows[0]?.n ?? 0);
}

/** The engine's plan of a statement, as text. */
export async function explain(t: TestApp, statement: CompiledQuery): Promise<string> {
  const query = sql.raw(`EXPLAIN ${t.engine === 'sqlite' ? 'QUERY PLAN ' : ''}${statement.sql}`);
  const compiled = { ...query.compile(t.services.db), parameters: statement.parameters };
  const { rows } = await t.services.db.executeQuery<Record<string, unknown>>(compiled);
  return rows.map((r) => String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r))).join('\n');
}

/** The plan of the page statement of a report run as the administrator, and the run's answer. */
export async function pagePlanOf(
  t: TestApp,
  reportId: number,
  query: Record<string, unknown>,
): Promise<{ plan: string; answer: ReportAnswer }> {
  const ctx = await contextFor(t.services, t.tenantId, t.adminId);
  const { db, statements } = recording(t.services.db);
  const recorded = { ...ctx, db };
  const answer = await runReport(
    recorded,
    await loadReport(recorded, { reportId }),
    reportQuery.parse(query),
  );
  const page = statements.find((s) => /ORDER BY/i.test(s.sql) && /LIMIT/i.test(s.sql) && /e0/.test(s.sql));
  if (!page) throw new Error(`no page statement among:\n${statements.map((s) => s.sql).join('\n\n')}`);
  return { plan: await explain(t, page), answer };
}
