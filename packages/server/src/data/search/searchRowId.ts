import type { EntityId } from '@plinth/schema';

const TENANT_SHIFT = 2 ** 40;

/** SQLite's rowid for a record's document in `entity_search`: the tenant's band, then the id. */
export const searchRowId = (tenantId: number, id: EntityId) => tenantId * TENANT_SHIFT + id;
