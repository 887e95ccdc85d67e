import type { ReportQuery } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { badRequest } from '../http/errors.js';

/**
 * Checks a relationship table's query (spec 03 §7 report data request): the relationship of its
 * relationDetail must exist and, followed in the direction given, reach records of the report's
 * type (or of a type derived from it, or one it derives from), so a component cannot page through
 * the links of an unrelated relationship. Which records the caller may read is the SQL's business.
 */
export function checkRelationDetail(ctx: RequestContext, rootTypeId: number, query: ReportQuery): void {
  const detail = query.relationDetail;
  if (!detail) return;
  const rel = ctx.schema.relationship(detail.relid);
  if (!rel) throw badRequest(`The relationship ${detail.relid} does not exist.`);
  const reached = detail.direction === 'fwd' ? rel.toTypeId : rel.fromTypeId;
  if (!ctx.schema.isA(reached, rootTypeId) && !ctx.schema.isA(rootTypeId, reached))
    throw badRequest(`The relationship '${rel.name}' does not lead to the records of this report.`);
}
