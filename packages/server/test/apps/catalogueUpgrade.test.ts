import { sysRecord, sysRel, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion, syncAllCatalogues } from '../../src/tenants/createTenant.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

/** A tenant made before apps had pages gets the page types and the shared app at start-up (decision 0062). */
describe.each(engines)('the catalogue of an existing tenant on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('gains the page version type, the app fields and the shared app, keeping the pages in it', async () => {
    const page = await t.admin.put([
      {
        id: 'new:page',
        typeId: 'core:appPage',
        fields: { name: 'Order record', appPageSlug: 'order' },
        relationships: { pageInApp: { set: [sysRecord.sharedApp] } },
      },
    ]);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const pageId = page.body.ids['new:page'];
    // What catalogue version 4 did not have.
    const db = t.services.db;
    await db
      .deleteFrom('entities')
      .where('tenant_id', '=', t.tenantId)
      .where('id', 'in', [sysType.pageVersion, sysRecord.sharedApp, sysRel.pagePublishedVersion])
      .execute();
    await db.updateTable('tenants').set({ catalogue_version: 4 }).where('id', '=', t.tenantId).execute();

    await syncAllCatalogues(db, t.clock);

    const tenant = await db
      .selectFrom('tenants')
      .select('catalogue_version')
      .where('id', '=', t.tenantId)
      .executeTakeFirstOrThrow();
    // Brought to the current version, whatever later versions added.
    expect(tenant.catalogue_version).toBe(catalogueVersion);
    const admin = await t.login();
    const shared = await admin.get('/spapi/data/v1/apps/shared');
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body).toMatchObject({ isSharedApp: true, isEnabled: true });
    expect(shared.body.pages.map((p: { id: number }) => p.id)).toEqual([pageId]);
    expect((await admin.read('core:pageVersion')).status).toBe(200);
  });
});
