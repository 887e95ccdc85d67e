import { Permissions } from '../access/Permissions.js';
import type { RequestContext } from '../context.js';

/**
 * The workflow engine's own context beside the runner's (decision 0126): the same user, transaction
 * and tenant with an administrator's rights, for the engine's bookkeeping only — reading the
 * workflow, writing the run, creating the tasks and notifications the steps make. What a step does
 * to the tenant's records goes through the runner's context and its rights.
 */
export async function engineContext(ctx: RequestContext): Promise<RequestContext> {
  const meta = await ctx.metaCache.get(ctx.db, ctx.tenantId);
  const actor = { ...ctx.actor, isAdmin: true };
  return { ...ctx, actor, schema: meta.schema, perms: new Permissions(meta.schema, meta.rules, actor) };
}
