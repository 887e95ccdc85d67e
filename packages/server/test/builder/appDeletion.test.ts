import { newPageContent, type PageVersionContent, sysRecord, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import {
  ADMIN_PASSWORD,
  type Answer,
  type Client,
  engines,
  startTestApp,
  type TestApp,
} from '../support/testApp.js';

const APPS = '/spapi/admin/v1/apps';
const PAGES = '/spapi/admin/v1/pages';

const headingPage = (text: string, extra: { contextEntityTypeId?: number } = {}): PageVersionContent =>
  newPageContent(
    [{ component: { id: 'title', typeAlias: 'core:headingComponent', properties: { text } } }],
    extra,
  );

function refusal(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.error as { code: string; message: string; details?: any };
}

/**
 * Deleting an app from the admin area (decision 0121): its pages and their versions go with it in
 * one transaction, over the revision and the pages its confirmation showed; links to its pages
 * elsewhere go too, and the confirmation names them first. And an app's theme (decision 0122):
 * one of the named themes, refused otherwise.
 */
describe.each(engines)('deleting an app, and app themes, on %s', (engine) => {
  let t: TestApp;
  let seller: Client;
  let jobType: number;

  const count = async (typeId: number) =>
    (
      await t.services.db
        .selectFrom('entities')
        .select('id')
        .where('tenant_id', '=', t.tenantId)
        .where('type_id', '=', typeId)
        .execute()
    ).length;

  /** An app with its Welcome page and a published form page of Job. */
  async function appWithPages(name: string, slug: string) {
    const app = (await t.admin.post(APPS, { name, slug })).body;
    const form = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: `${name} job form`,
      type: 'singleRecordEdit',
      content: headingPage('Job', { contextEntityTypeId: jobType }),
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const published = await t.admin.post(`${PAGES}/${form.body.id}/publish`, {
      revision: form.body.revision,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return { app: (await t.admin.get(`${APPS}/${app.id}`)).body, form: published.body };
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    jobType = (await defineType(t.admin, 'Job', [{ name: 'Title', type: 'Text' }])).typeId;
    const sellers = await createRole(t.admin, 'Sellers', []);
    await t.addUser('sam', [sellers]);
    seller = await t.login('sam', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('names what a delete takes and the uses it clears elsewhere', async () => {
    const { app, form } = await appWithPages('Field Service', 'field');
    // Its form page is Job's default edit page (the first one of its type), and a page of another
    // app has it as its alternate page.
    expect(form.isDefaultEditRecordPage).toBe(true);
    const office = (await t.admin.post(APPS, { name: 'Back Office', slug: 'office' })).body;
    const link = await t.admin.put([
      { id: office.settings.defaultPageId, relationships: { alternateEditRecordPage: { set: [form.id] } } },
    ]);
    expect(link.status, JSON.stringify(link.body)).toBe(200);

    const details = await t.admin.get(`${APPS}/${app.id}/delete`);
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(details.body).toEqual({
      id: app.id,
      name: 'Field Service',
      revision: app.revision,
      pages: [
        { id: form.id, name: 'Field Service job form' },
        { id: app.settings.defaultPageId, name: 'Welcome' },
      ],
      uses: [
        "'Field Service job form' is the default edit page of Job: Job will have none.",
        "'Welcome' in the app 'Back Office' has 'Field Service job form' as its alternate page: it will have none.",
      ],
    });

    const [apps, pages, versions] = [
      await count(sysType.app),
      await count(sysType.appPage),
      await count(sysType.pageVersion),
    ];
    const res = await t.admin.post(`${APPS}/${app.id}/delete`, {
      revision: details.body.revision,
      pageIds: details.body.pages.map((p: { id: number }) => p.id),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: "The app 'Field Service' was deleted with its 2 pages.",
      deletedPageIds: [app.settings.defaultPageId, form.id],
    });
    // The app, its two pages and their versions (Welcome's published one, the form's published one).
    expect(await count(sysType.app)).toBe(apps - 1);
    expect(await count(sysType.appPage)).toBe(pages - 2);
    expect(await count(sysType.pageVersion)).toBe(versions - 2);
    expect((await t.admin.get(`${APPS}/${app.id}`)).status).toBe(404);
    expect((await t.admin.get(`${PAGES}/${form.id}`)).status).toBe(404);
    expect((await t.admin.get('/spapi/data/v1/apps/field')).status).toBe(404);
    expect((await t.admin.get(APPS)).body.apps.map((a: any) => a.slug)).not.toContain('field');
    // The links went with the pages; the other app keeps its page.
    const welcome = (await t.admin.get(`${PAGES}/${office.settings.defaultPageId}`)).body;
    expect(welcome.settings.alternateEditRecordPageId).toBeNull();
    // Job has no default edit page now: the next form page of Job becomes it (spec 01 §4).
    const next = await appWithPages('Depot', 'depot');
    expect(next.form.isDefaultEditRecordPage).toBe(true);
  });

  it('refuses a delete over a revision someone saved since (409), deleting nothing', async () => {
    const { app } = await appWithPages('Warehouse', 'warehouse');
    const details = (await t.admin.get(`${APPS}/${app.id}/delete`)).body;
    const saved = await t.admin.post(`${APPS}/${app.id}`, {
      revision: app.revision,
      settings: { description: 'Saved since' },
    });
    expect(saved.status).toBe(200);
    const res = await t.admin.post(`${APPS}/${app.id}/delete`, {
      revision: details.revision,
      pageIds: details.pages.map((p: { id: number }) => p.id),
    });
    const error = refusal(res, 409);
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      "You saved the app 'Warehouse' in another window or tab after you asked to delete it, so it was not deleted. Look at the app again, then delete it if you still want to.",
    );
    expect(error.details.revision).toBe(saved.body.revision);
    expect((await t.admin.get(`${APPS}/${app.id}`)).body.pages).toHaveLength(2);
  });

  it('refuses a delete that would take a page the confirmation did not show (409)', async () => {
    const { app } = await appWithPages('Showroom', 'showroom');
    const details = (await t.admin.get(`${APPS}/${app.id}/delete`)).body;
    // A page that takes a record goes to the other pages without changing the app's revision.
    const late = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: 'Late arrival',
      content: headingPage('Late', { contextEntityTypeId: jobType }),
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const revision = (await t.admin.get(`${APPS}/${app.id}`)).body.revision;
    const res = await t.admin.post(`${APPS}/${app.id}/delete`, {
      revision,
      pageIds: details.pages.map((p: { id: number }) => p.id),
    });
    const error = refusal(res, 409);
    expect(error.message).toBe(
      "The app 'Showroom' now has a page you were not shown ('Late arrival'), so nothing was deleted. Delete it again to see every page it takes.",
    );
    expect(error.details.notShown).toEqual([late.body.id]);
    expect((await t.admin.get(`${APPS}/${app.id}`)).body.pages).toHaveLength(3);
  });

  it('refuses to delete the shared app, and answers 404 for an app that is not there', async () => {
    const message = 'The shared app cannot be deleted: it holds the form pages of every object.';
    expect(refusal(await t.admin.get(`${APPS}/${sysRecord.sharedApp}/delete`), 400).message).toBe(message);
    const shared = (await t.admin.get(`${APPS}/${sysRecord.sharedApp}`)).body;
    const res = await t.admin.post(`${APPS}/${sysRecord.sharedApp}/delete`, {
      revision: shared.revision,
      pageIds: shared.pages.map((p: { id: number }) => p.id),
    });
    expect(refusal(res, 400).message).toBe(message);
    expect((await t.admin.get('/spapi/data/v1/apps/shared')).status).toBe(200);
    expect(
      refusal(await t.admin.post(`${APPS}/987654/delete`, { revision: 1, pageIds: [] }), 404).message,
    ).toBe('The app was not found.');
  });

  it('answers only administrators', async () => {
    const { app } = await appWithPages('Guarded', 'guarded');
    for (const res of [
      await seller.get(`${APPS}/${app.id}/delete`),
      await seller.post(`${APPS}/${app.id}/delete`, { revision: app.revision, pageIds: [] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Only administrators can do this.');
    }
    expect((await t.admin.get(`${APPS}/${app.id}`)).status).toBe(200);
  });

  it('saves a theme of the list, by id, and the runner reads it', async () => {
    const app = (await t.admin.post(APPS, { name: 'Themed app', slug: 'themed', theme: 'Teal' })).body;
    expect(app.settings.theme).toBe('teal');
    const res = await t.admin.post(`${APPS}/${app.id}`, {
      revision: app.revision,
      settings: { theme: 'purple', isEnabled: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.theme).toBe('purple');
    expect((await t.admin.get('/spapi/data/v1/apps/themed')).body.theme).toBe('purple');
    // The default theme is stored as nothing.
    const plain = await t.admin.post(`${APPS}/${app.id}`, {
      revision: res.body.revision,
      settings: { theme: 'default' },
    });
    expect(plain.body.settings.theme).toBeNull();
    expect((await t.admin.get('/spapi/data/v1/apps/themed')).body.theme).toBeNull();
  });

  it('refuses a theme that is not one of the list, and changes nothing', async () => {
    const app = (await t.admin.post(APPS, { name: 'Neon app', slug: 'neon' })).body;
    const message =
      "'neon' is not a theme. Choose one of: Default (blue), Teal, Green, Purple, Orange, Slate.";
    const res = await t.admin.post(`${APPS}/${app.id}`, {
      revision: app.revision,
      settings: { theme: 'neon' },
    });
    const error = refusal(res, 400);
    expect(error.message).toBe(message);
    expect(error.details.errors).toEqual([{ member: 'theme', message }]);
    expect(refusal(await t.admin.post(APPS, { name: 'Neon two', theme: 'neon' }), 400).message).toBe(message);
    expect((await t.admin.get(`${APPS}/${app.id}`)).body.revision).toBe(app.revision);
  });

  it('keeps a theme stored before the list existed from stopping other saves', async () => {
    const app = (await t.admin.post(APPS, { name: 'Old theme app', slug: 'oldtheme' })).body;
    const put = await t.admin.put([{ id: app.id, fields: { uiAppTheme: 'dark' } }]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = (await t.admin.get(`${APPS}/${app.id}`)).body;
    expect(read.settings.theme).toBe('dark');
    const res = await t.admin.post(`${APPS}/${app.id}`, {
      revision: read.revision,
      settings: { description: 'Still saves' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
