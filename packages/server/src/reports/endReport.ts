import {
  type Direction,
  type EntityId,
  type RelationshipDef,
  type ReportQuery,
  type Schema,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { AppError, notFound } from '../http/errors.js';
import { resolvedColumns } from './definitionCache.js';
import { type LoadedReport, loadReport } from './loadReport.js';

/** A relationship end's own report: which end, and which of its two reports. */
export interface EndReportSource {
  relationshipId: EntityId;
  direction: Direction;
  kind: 'display' | 'picker';
}

/** The report an end names for the records it reaches: the to-Object's forward, the from-Object's reverse. */
export function endReportId(rel: RelationshipDef, direction: Direction, kind: 'display' | 'picker') {
  if (direction === 'fwd') return kind === 'picker' ? rel.toPickerReportId : rel.toDisplayReportId;
  return kind === 'picker' ? rel.fromPickerReportId : rel.fromDisplayReportId;
}

/** A report on the Object, one it inherits from or one derived from it lists the Object's records. */
const listsRecordsOf = (schema: Schema, rootTypeId: EntityId, typeId: EntityId) =>
  schema.isA(typeId, rootTypeId) || schema.isA(rootTypeId, typeId);

/**
 * The end's own report when the caller may run it: readable under their rules, its definition
 * sound, and still listing the end's Object (the relationship rules checked that when it was set,
 * but the report may have changed since). Anything else is no report, never an error.
 */
async function runnableOwnReport(ctx: RequestContext, reportId: EntityId, endTypeId: EntityId) {
  let report: LoadedReport;
  try {
    report = await loadReport(ctx, { reportId });
    resolvedColumns(ctx.schema, report.definition);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'bad_request'))
      return undefined;
    throw error;
  }
  return listsRecordsOf(ctx.schema, report.definition.rootTypeId, endTypeId) ? report : undefined;
}

/**
 * The report that lists a relationship end's records, and the query to run it with (decision
 * 0110): the end's own display or picker report when the caller may run it, else its Object's
 * (the type's stored default when readable, else the generated one), as before. A report on an
 * Object the end's derives from is narrowed to the end's Object, so a picker offers only records
 * the end may hold. Unknown relationships, and callers who may not read the metamodel, get a 404.
 */
export async function loadEndReport(
  ctx: RequestContext,
  source: EndReportSource,
  query: ReportQuery,
): Promise<{ report: LoadedReport; query: ReportQuery }> {
  const rel = ctx.schema.relationship(source.relationshipId);
  if (!rel || ctx.perms.forType(sysType.relationship).read === 'none') throw notFound();
  const endTypeId = source.direction === 'fwd' ? rel.toTypeId : rel.fromTypeId;
  const ownId = endReportId(rel, source.direction, source.kind);
  const own = ownId === undefined ? undefined : await runnableOwnReport(ctx, ownId, endTypeId);
  if (!own) return { report: await loadReport(ctx, { typeId: endTypeId, kind: source.kind }), query };
  const root = own.definition.rootTypeId;
  const narrows = root !== endTypeId && ctx.schema.isA(endTypeId, root) && query.entityTypeId === undefined;
  return { report: own, query: narrows ? { ...query, entityTypeId: endTypeId } : query };
}
