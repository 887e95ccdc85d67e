import { Permissions } from '../access/Permissions.js';
import type { RequestContext } from '../context.js';

/**
 * The context of a user acting on their own account through a server service (their password
 * flag): the entity service's checks and records run, with administrator rights for this one
 * write, and the change still names the user as its modifier.
 */
export function withAdminRights(ctx: RequestContext): RequestContext {
  const actor = { ...ctx.actor, isAdmin: true };
  return { ...ctx, perms: new Permissions(ctx.schema, [], actor) };
}
