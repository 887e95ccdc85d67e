import type { FieldDef } from '@plinth/schema';
import type { Executor } from '../data/entityRepository.js';

/** Takes `count` consecutive auto-numbers of a field, starting at its seed (default 1). */
export async function nextAutoNumbers(
  db: Executor,
  tenantId: number,
  field: FieldDef,
  count: number,
): Promise<number> {
  const seed = field.autoNumberSeed ?? 1;
  await db
    .insertInto('auto_numbers')
    .values({ tenant_id: tenantId, field_id: field.id, next_value: seed })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .updateTable('auto_numbers')
    .set((eb) => ({ next_value: eb('next_value', '+', count) }))
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', field.id)
    .returning('next_value')
    .executeTakeFirstOrThrow();
  return Number(row.next_value) - count;
}
