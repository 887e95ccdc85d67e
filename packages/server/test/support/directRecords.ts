import type { StoredValue } from '@plinth/schema';
import { allocateIds, insertEntities } from '../../src/data/entityRepository.js';
import type { TestApp } from './testApp.js';

/**
 * `count` records of a type written straight to storage (with their search documents and field
 * indexes), as many as a planner tells from few; `record(i)` gives each one's name and values.
 */
export async function insertRecordsDirectly(
  t: TestApp,
  typeId: number,
  count: number,
  record: (i: number) => { name: string; data: Record<string, StoredValue> },
): Promise<void> {
  const now = t.clock.now().toISOString();
  await t.services.db.transaction().execute(async (tx) => {
    const first = await allocateIds(tx, t.tenantId, count);
    await insertEntities(
      tx,
      t.tenantId,
      Array.from({ length: count }, (_, i) => ({
        id: first + i,
        typeId,
        alias: null,
        ...record(i),
        version: 1,
        createdAt: now,
        modifiedAt: now,
        createdBy: t.adminId,
        modifiedBy: t.adminId,
        ownerId: t.adminId,
      })),
    );
  });
}
