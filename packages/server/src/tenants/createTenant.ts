import {
  catalogueRecords,
  type EntityId,
  sysField as F,
  firstUserId,
  sysRecord,
  sysRel,
  sysType,
  systemRecords,
} from '@plinth/schema';
import { setPassword } from '../auth/authService.js';
import {
  allocateIds,
  type EntityRow,
  type Executor,
  insertEntities,
  insertLinks,
} from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { Db } from '../db/tables.js';
import { ensureDocumentFileTypes } from '../files/documentTypes.js';
import {
  defaultTenantSettings,
  settingsData,
  type TenantSettings,
  tenantSettingsAlias,
} from '../settings/tenantSettings.js';
import type { Clock } from '../util/clock.js';

/** Bumped whenever the system catalogue in code changes; tenants behind it are brought up to date. */
export const catalogueVersion = 7;

export interface NewTenant {
  slug: string;
  name: string;
  settings?: Partial<Omit<TenantSettings, 'tenantName'>>;
  admin: { username: string; password: string; firstName?: string; lastName?: string; email?: string };
}

function row(
  id: EntityId,
  typeId: EntityId,
  name: string | null,
  alias: string | null,
  data: EntityRow['data'],
  now: string,
): EntityRow {
  return {
    id,
    typeId,
    name,
    alias,
    data,
    version: 1,
    createdAt: now,
    modifiedAt: now,
    createdBy: null,
    modifiedBy: null,
    ownerId: null,
  };
}

/** Writes the system catalogue into a tenant, replacing an older copy but keeping links from the tenant's own records. */
export async function syncCatalogue(db: Executor, tenantId: number, now: string): Promise<void> {
  // Only the catalogue's own rows and links go; a user field's link to a system type stays.
  await systemQuery(db, 'new tenant')
    .deleteFrom('relationships')
    .where('tenant_id', '=', tenantId)
    .where('from_id', '<', firstUserId)
    .execute();
  await systemQuery(db, 'new tenant')
    .deleteFrom('entities')
    .where('tenant_id', '=', tenantId)
    .where('id', '<', firstUserId)
    .execute();
  const { records, links } = catalogueRecords();
  await insertEntities(db, tenantId, [
    ...records.map((r) => row(r.id, r.typeId, r.name, r.alias, r.data, now)),
    ...systemRecords.map((r) => row(r.id, r.typeId, r.name, r.alias, r.data ?? {}, now)),
  ]);
  await insertLinks(db, tenantId, links);
  await db
    .updateTable('tenants')
    .set((eb) => ({ catalogue_version: catalogueVersion, meta_version: eb('meta_version', '+', 1) }))
    .where('id', '=', tenantId)
    .execute();
}

/** Creates a tenant with the catalogue, its settings record and a first administrator. */
export async function createTenant(
  db: Db,
  clock: Clock,
  t: NewTenant,
): Promise<{ tenantId: number; adminUserId: EntityId }> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (tx) => {
    const tenant = await tx
      .insertInto('tenants')
      .values({
        slug: t.slug.toLowerCase(),
        name: t.name,
        next_id: firstUserId,
        meta_version: 1,
        catalogue_version: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tenantId = tenant.id;
    await syncCatalogue(tx, tenantId, now);
    const first = await allocateIds(tx, tenantId, 3);
    const [settingsId, personId, userId] = [first, first + 1, first + 2];
    const settings = { ...defaultTenantSettings, ...t.settings };
    const admin = t.admin;
    const personName = [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.username;
    await insertEntities(tx, tenantId, [
      row(settingsId, sysType.tenantSettings, t.name, tenantSettingsAlias, settingsData(settings), now),
      row(
        personId,
        sysType.person,
        personName,
        null,
        {
          ...(admin.firstName ? { [F.firstName]: admin.firstName } : {}),
          ...(admin.lastName ? { [F.lastName]: admin.lastName } : {}),
          ...(admin.email ? { [F.email]: admin.email } : {}),
        },
        now,
      ),
      row(userId, sysType.userAccount, admin.username, null, {}, now),
    ]);
    await insertLinks(tx, tenantId, [
      { relId: sysRel.accountHolder, fromId: userId, toId: personId },
      { relId: sysRel.userHasRole, fromId: userId, toId: sysRecord.administratorsRole },
    ]);
    await setPassword(tx, tenantId, userId, admin.password);
    await ensureDocumentFileTypes(tx, tenantId, now);
    return { tenantId, adminUserId: userId };
  });
}

/** Brings every tenant's copy of the catalogue up to date; run at start-up. */
export async function syncAllCatalogues(db: Db, clock: Clock): Promise<void> {
  const stale = await db
    .selectFrom('tenants')
    .select('id')
    .where('catalogue_version', '<', catalogueVersion)
    .execute();
  for (const { id } of stale)
    await db.transaction().execute((tx) => syncCatalogue(tx, id, clock.now().toISOString()));
}
