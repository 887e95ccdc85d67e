import { type EntityRef, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { MemberError } from '../entities/relationshipChanges.js';

/**
 * User names sign people in, ignoring case, so no two accounts of a tenant may share one. Checked
 * after the put's writes, inside its transaction, so names within one batch count too.
 */
export async function validateUserAccounts(
  ctx: RequestContext,
  rows: readonly EntityRow[],
  refOf: (id: number) => EntityRef,
): Promise<MemberError[]> {
  const errors: MemberError[] = [];
  for (const row of rows) {
    if (row.typeId !== sysType.userAccount || !row.name) continue;
    const same = await systemQuery(ctx.db, 'write integrity')
      .selectFrom('entities')
      .select(sql<number>`count(*)`.as('n'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('type_id', '=', sysType.userAccount)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', row.name!.toLowerCase()))
      .executeTakeFirstOrThrow();
    if (Number(same.n) > 1)
      errors.push({
        id: refOf(row.id),
        member: 'name',
        message: 'There is another user with the same name.',
      });
  }
  return errors;
}
