import { type EntityId, isRelativeDateOperator, sysType } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { GzipJoin } from '../http/gzipJoin.js';
import { withPreparedJson } from '../http/preparedJson.js';
import { objectNumber } from '../util/objectNumbers.js';
import type { LoadedReport } from './loadReport.js';
import type { PlanFacts } from './plan/planTypes.js';
import type { ReportAnswer } from './response/reportResponse.js';
import { ReportResultCache, readMarker } from './resultCache.js';

/**
 * Whole answers of report runs, kept per process behind the change markers of what they read
 * (decision 0144): a repeated run of the same report, query and caller, with nothing it reads
 * written since, is answered from the kept answer with its refresh time made now. An answer is
 * kept from the second time it is asked for (decision 0148).
 *
 * Kept only when everything the answer depends on is in its key or its markers: the plan knows the
 * types it reads (no calculation, no rule on rows, no relationship detail), and no condition is
 * relative to today. Key: the tenant, the caller (user, roles, administrator), the definition as
 * loaded (one frozen object per stored version or schema, decision 0055), the report's id and
 * title, the public view, and the query as sent. Markers: the metamodel version (rules, fields,
 * the generated reports) and the counters of the types read, the tenant's settings (dates) and,
 * with an image column, every type (its documents' file types).
 */
export async function keptAnswer(
  ctx: RequestContext,
  report: LoadedReport,
  plan: PlanFacts,
  run: () => Promise<ReportAnswer>,
): Promise<ReportAnswer> {
  const types = markerTypes(plan);
  if (ctx.db.isTransaction || types === 'unkept') return run();
  const cache = keptAnswers(ctx.db);
  const key = answerKey(ctx, report, plan);
  const marker = await readMarker(ctx, types);
  const kept = cache.get(key, marker) as KeptAnswer | undefined;
  if (kept) return answerNow(kept, ctx.clock.now().toISOString());
  const answer = await run();
  const { lrt: _, ...unrefreshed } = answer;
  cache.set(key, marker, { answer: unrefreshed }, undefined, answerWeight(answer));
  return answer;
}

/** A kept answer without its refresh time, and its JSON once it is answered again. */
interface KeptAnswer {
  answer: Omit<ReportAnswer, 'lrt'>;
  /** Its JSON without the closing brace, written at its first repeat. */
  json?: string;
  /** That JSON compressed, at its first repeat to a caller taking gzip (decision 0146). */
  gzip?: GzipJoin;
}

/** The kept answer refreshed at `lrt`, with its JSON (and gzip) made from the kept ones. */
function answerNow(kept: KeptAnswer, lrt: string): ReportAnswer {
  kept.json ??= JSON.stringify(kept.answer).slice(0, -1);
  const json = kept.json;
  const tail = `,"lrt":${JSON.stringify(lrt)}}`;
  return withPreparedJson({ ...kept.answer, lrt }, json + tail, () => {
    kept.gzip ??= new GzipJoin(json);
    return kept.gzip.with(tail);
  });
}

/** The types whose markers a kept answer is checked against; undefined for every type. */
function markerTypes(plan: PlanFacts): readonly EntityId[] | undefined | 'unkept' {
  if (plan.typesRead === undefined || plan.keyset !== undefined) return 'unkept';
  if (plan.conditions.some((c) => isRelativeDateOperator(c.oper))) return 'unkept';
  if (plan.columns.some((c) => c.type === 'Image')) return undefined;
  return [...plan.typesRead, sysType.tenantSettings];
}

function answerKey(ctx: RequestContext, report: LoadedReport, plan: PlanFacts): string {
  const { actor } = ctx;
  return JSON.stringify([
    ctx.tenantId,
    actor.userId,
    actor.isAdmin,
    [...actor.roleIds].sort((a, b) => a - b),
    // Kept definitions are shared and frozen, one object per version (decision 0055).
    objectNumber(report.definition),
    report.id,
    report.title,
    plan.publicView,
    plan.query,
  ]);
}

/** An answer's weight in cells, each some hundred bytes of heap: rows, groups, the columns' metadata. */
function answerWeight(answer: ReportAnswer): number {
  let cells =
    (answer.rdata?.length ?? 0) + 1 + (answer.meta ? 20 * Object.keys(answer.meta.rcols).length : 0);
  for (const row of answer.gdata) cells += row.values.length + 1;
  return cells;
}

const caches = new WeakMap<object, ReportResultCache>();

/** The kept answers of a database handle: at most 200, of 100,000 cells together (about 15 MB). */
export function keptAnswers(db: object): ReportResultCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReportResultCache(200, 100_000);
    caches.set(db, cache);
  }
  return cache;
}
