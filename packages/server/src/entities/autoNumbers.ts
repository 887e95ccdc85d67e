import type { FieldDef } from '@plinth/schema';
import { insertInto, type ScopeCaller, tenantScope } from '../data/tenantScope.js';

/** Takes `count` consecutive auto-numbers of a field, starting at its seed (default 1). */
export async function nextAutoNumbers(caller: ScopeCaller, field: FieldDef, count: number): Promise<number> {
  const seed = field.autoNumberSeed ?? 1;
  await insertInto(caller.db, 'auto_numbers')
    .values({ tenant_id: caller.tenantId, field_id: field.id, next_value: seed })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await tenantScope(caller)
    .updateTable('auto_numbers')
    .set((eb) => ({ next_value: eb('next_value', '+', count) }))
    .where('field_id', '=', field.id)
    .returning('next_value')
    .executeTakeFirstOrThrow();
  return Number(row.next_value) - count;
}
