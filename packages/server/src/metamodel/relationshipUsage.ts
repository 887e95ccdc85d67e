import { type EntityId, firstUserId } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { definitionNames, definitionsUsing, parsedDefinition, type TypeUse } from './typeUsage.js';

/**
 * What stands in the way of deleting a relationship, and what goes with it (decision 0100): the
 * forms, pages and reports that show or follow it, and how many links (related pairs) it holds.
 */
export interface RelationshipUsage {
  forms: TypeUse[];
  pages: TypeUse[];
  reports: TypeUse[];
  linkCount: number;
}

/** The keys under which definitions name a relationship: report columns and paths, form controls, page components. */
const relationshipKeys = new Set(['relId', 'relationshipId', 'relationshipToRender']);

export async function readRelationshipUsage(
  ctx: RequestContext,
  relId: EntityId,
): Promise<RelationshipUsage> {
  const uses = await definitionsUsing(ctx, (_kind, value) =>
    definitionNames(parsedDefinition(value), relationshipKeys, relId),
  );
  return { ...uses, linkCount: await countLinks(ctx, relId) };
}

export function isRelationshipInUse(usage: RelationshipUsage): boolean {
  return usage.forms.length + usage.pages.length + usage.reports.length > 0;
}

export async function countLinks(ctx: RequestContext, relId: EntityId): Promise<number> {
  if (relId < firstUserId) return 0;
  // Every link counts, whatever the administrator's own read rules: deleting takes them all.
  const row = await systemQuery(ctx.db, 'write integrity')
    .selectFrom('relationships')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('tenant_id', '=', ctx.tenantId)
    .where('rel_id', '=', relId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes every link of a relationship, in the caller's transaction. */
export async function deleteLinksOf(ctx: RequestContext, relId: EntityId): Promise<void> {
  await tenantScope(ctx).deleteFrom('relationships').where('rel_id', '=', relId).execute();
}
