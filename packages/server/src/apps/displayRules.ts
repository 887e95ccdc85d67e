import type { EntityId } from '@plinth/schema';
import type { Actor } from '../access/Permissions.js';

/**
 * Who may display an app or a page (spec 01 §6, decision 0063): administrators always; others when
 * the record names no roles, or names one of theirs (Everyone included).
 */
export function mayDisplay(actor: Actor, allowedRoleIds: readonly EntityId[] | undefined): boolean {
  if (actor.isAdmin) return true;
  if (!allowedRoleIds || allowedRoleIds.length === 0) return true;
  return allowedRoleIds.some((id) => actor.roleIds.has(id));
}
