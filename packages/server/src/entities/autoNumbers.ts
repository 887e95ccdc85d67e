import type { FieldDef } from '@plinth/schema';
import { insertInto, type ScopeCaller } from '../data/tenantScope.js';

/**
 * Takes `count` consecutive auto-numbers of a field, starting at its seed (default 1), in one
 * statement: the field's counter is made at the seed plus `count`, or moved on by `count`.
 */
export async function nextAutoNumbers(caller: ScopeCaller, field: FieldDef, count: number): Promise<number> {
  const seed = field.autoNumberSeed ?? 1;
  const row = await insertInto(caller.db, 'auto_numbers')
    .values({ tenant_id: caller.tenantId, field_id: field.id, next_value: seed + count })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'field_id'])
        .doUpdateSet((eb) => ({ next_value: eb('auto_numbers.next_value', '+', count) })),
    )
    .returning('next_value')
    .executeTakeFirstOrThrow();
  return Number(row.next_value) - count;
}
