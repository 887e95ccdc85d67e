import {
  maxAggregateGroups,
  type ReportAggregateResponse,
  type ReportDefinition,
  type reportAggregateRequest,
  reportQuery,
} from '@plinth/schema';
import type { z } from 'zod';
import type { RequestContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { readEnumValues } from '../metamodel/enumValues.js';
import { type LoadedReport, runReport } from './runReport.js';

type Request = z.infer<typeof reportAggregateRequest>;
type Answer = Awaited<ReturnType<typeof runReport>>;
type HeaderCell = NonNullable<Answer['rdata']>[number]['hdrs'][number];

/**
 * The definitions asked of each stored definition, kept with it so that the engine's own caches
 * (resolved columns, results) work for them as they do for the report (decision 0069).
 */
const derived = new WeakMap<ReportDefinition, Map<string, ReportDefinition>>();

/** The report read as one aggregate per value of a column (or one total): its own groups replaced. */
function aggregateDefinition(def: ReportDefinition, request: Request): ReportDefinition {
  const key = `${request.groupColumnId ?? ''}|${request.valueColumnId ?? ''}|${request.aggregate}`;
  let kept = derived.get(def);
  if (!kept) {
    kept = new Map();
    derived.set(def, kept);
  }
  const known = kept.get(key);
  if (known) return known;
  const columnIds = new Set(def.columns.map((c) => c.id));
  for (const id of [request.groupColumnId, request.valueColumnId])
    if (id !== undefined && !columnIds.has(id)) throw badRequest(`The report has no column ${id}.`);
  const made: ReportDefinition = {
    ...def,
    groups: request.groupColumnId ? [{ columnId: request.groupColumnId, order: 'Ascending' }] : [],
    aggregates: request.valueColumnId
      ? [{ columnId: request.valueColumnId, kinds: [request.aggregate] }]
      : [],
    showGrandTotals: true,
    showSubTotals: true,
    showCount: true,
  };
  if (kept.size > 50) kept.clear();
  kept.set(key, made);
  return made;
}

function labelOf(cell: HeaderCell | undefined): { label: string | null; recordId: number | null } {
  if (!cell) return { label: null, recordId: null };
  if ('vals' in cell) {
    const first = cell.vals[0];
    return { label: first?.val ?? null, recordId: first?.eid ?? null };
  }
  if (cell.val === null || cell.val === '') return { label: null, recordId: null };
  return { label: cell.text ?? String(cell.val), recordId: null };
}

/**
 * One aggregate of a report per value of a column, or over all its records: the report engine runs
 * the report grouped by that column with that aggregate and no rows, under the report's own
 * conditions and any given (a master filter's), with the caller's read rules as always.
 */
export async function reportAggregate(
  ctx: RequestContext,
  report: LoadedReport,
  request: Request,
): Promise<ReportAggregateResponse> {
  const definition = aggregateDefinition(report.definition, request);
  const query = reportQuery.parse({
    pageSize: 0,
    metadata: 'basic',
    ...(request.conds ? { conds: request.conds } : {}),
  });
  const answer = await runReport(ctx, { ...report, definition }, query);
  const pick = (
    aggs: Record<string, Array<{ kind: string; value: string | number | null; text?: string }>>,
    count: number,
  ) => {
    if (!request.valueColumnId) return { value: count, count };
    const found = aggs[request.valueColumnId]?.find((a) => a.kind === request.aggregate);
    return { value: found?.value ?? null, ...(found?.text !== undefined ? { text: found.text } : {}), count };
  };
  const column = (id: string | undefined) => {
    const meta = id === undefined ? undefined : answer.meta?.rcols[id];
    return meta
      ? { title: meta.title, type: meta.type, ...(meta.places !== undefined ? { places: meta.places } : {}) }
      : null;
  };
  const groups = (answer.rdata ?? []).slice(0, maxAggregateGroups).map((g) => ({
    ...labelOf(g.hdrs[0]),
    ...pick(g.aggs, g.count),
  }));
  await inChoiceOrder(ctx, answer.meta?.rcols[request.groupColumnId ?? '']?.tid, groups);
  return {
    title: report.title,
    aggregate: request.aggregate,
    groupColumn: column(request.groupColumnId),
    valueColumn: column(request.valueColumnId),
    groups: request.groupColumnId ? groups : [],
    hasMoreGroups: (answer.rdata?.length ?? 0) > maxAggregateGroups,
    total: pick(answer.total?.aggs ?? {}, answer.total?.count ?? 0),
  };
}

/**
 * Groups by a choice field in the choices' own order (a pipeline's stages from first to last, spec
 * 03 §9 choice order), not by name; the blank group stays first. Other groups keep the report's order.
 */
async function inChoiceOrder(
  ctx: RequestContext,
  typeId: number | undefined,
  groups: Array<{ recordId: number | null }>,
): Promise<void> {
  const type = typeId === undefined ? undefined : ctx.schema.type(typeId);
  if (!type?.isChoiceType || groups.length < 2) return;
  const rank = new Map((await readEnumValues(ctx, type.id)).map((v, i) => [v.id, i]));
  const at = (g: { recordId: number | null }) =>
    g.recordId === null ? -1 : (rank.get(g.recordId) ?? Number.MAX_SAFE_INTEGER);
  groups.sort((a, b) => at(a) - at(b));
}
