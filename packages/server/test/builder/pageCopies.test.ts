import { newPageContent, type PageVersionContent, sysRecord } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { ADMIN_PASSWORD, type Answer, engines, startTestApp, type TestApp } from '../support/testApp.js';

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
 * Issue 20 item 5 (server side): duplicating a page, optionally to another app, and deleting one,
 * with spec 01 §4's rules (menu membership, the default page, the default edit form) and §8's
 * messages.
 */
describe.each(engines)('duplicating and deleting pages on %s', (engine) => {
  let t: TestApp;
  let field: any;
  let office: any;
  let jobType: number;

  const appOf = async (id: number) => (await t.admin.get(`${APPS}/${id}`)).body;
  const load = async (pageId: number) => (await t.admin.get(`${PAGES}/${pageId}`)).body;

  beforeAll(async () => {
    t = await startTestApp(engine);
    jobType = (await defineType(t.admin, 'Job', [{ name: 'Title', type: 'Text' }])).typeId;
    field = (await t.admin.post(APPS, { name: 'Field Service', slug: 'field' })).body;
    office = (await t.admin.post(APPS, { name: 'Back Office', slug: 'office' })).body;
    expect(field.id && office.id).toBeTruthy();
  });
  afterAll(() => t.close());

  it("duplicates a page in its app below the original, with its content, saying '{page} was duplicated'", async () => {
    const made = await t.admin.post(`${APPS}/${field.id}/pages`, {
      name: 'Jobs list',
      content: headingPage('Jobs'),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Published, then a draft on top: the copy has both.
    await t.admin.post(`${PAGES}/${made.body.id}/publish`, { revision: made.body.revision });
    const page = await load(made.body.id);
    const drafted = await t.admin.post(`${PAGES}/${page.id}`, {
      revision: page.revision,
      content: headingPage('Jobs draft'),
    });
    expect(drafted.status).toBe(200);
    const welcome = String(field.settings.defaultPageId);
    const res = await t.admin.post(`${PAGES}/${page.id}/duplicate`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Jobs list was duplicated');
    expect(res.body.page).toMatchObject({
      name: 'Jobs list 2',
      slug: 'jobslist2',
      appId: field.id,
      appSlug: 'field',
    });
    const copyId = res.body.page.id;
    const app = await appOf(field.id);
    expect(app.menu.menuOrder).toEqual([welcome, String(page.id), String(copyId)]);
    const copy = await load(copyId);
    expect(copy.hasDraft).toBe(true);
    expect(copy.content.components[0].properties.text).toBe('Jobs draft');
    const shown = await t.admin.get('/spapi/data/v1/apps/field/pages/jobslist2');
    expect(shown.body.content.components[0].properties.text).toBe('Jobs');
    // Another copy takes the next free name and slug.
    const third = await t.admin.post(`${PAGES}/${page.id}/duplicate`, {});
    expect(third.body.page).toMatchObject({ name: 'Jobs list 3', slug: 'jobslist3' });
  });

  it("copies a page to another app's other pages, with the spec's message", async () => {
    const welcome = field.settings.defaultPageId;
    const res = await t.admin.post(`${PAGES}/${welcome}/duplicate`, { targetAppId: office.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("'Welcome' was succesfully copied to the 'Back Office' app's other pages.");
    // The other app has its own Welcome page: the copy gets a name and slug of its own there.
    expect(res.body.page).toMatchObject({
      name: 'Welcome 2',
      slug: 'welcome2',
      appId: office.id,
      appSlug: 'office',
    });
    const app = await appOf(office.id);
    expect(app.menu.otherOrder).toEqual([String(res.body.page.id)]);
    expect(app.menu.menuOrder).toEqual([String(office.settings.defaultPageId)]);
    expect(app.settings.defaultPageId).toBe(office.settings.defaultPageId);
    const shown = await t.admin.get(`/spapi/data/v1/apps/office/pages/welcome2`);
    expect(shown.body.content.components[0].properties.text).toBe('Welcome to Field Service');
  });

  it('saves the menu it is given first, over the revision read', async () => {
    const app = await appOf(field.id);
    const welcome = String(app.settings.defaultPageId);
    const others = app.menu.menuOrder.filter((k: string) => k !== welcome);
    const menu = { menuOrder: [welcome], menuFolders: [], otherOrder: others, otherFolders: [] };
    const res = await t.admin.post(`${PAGES}/${welcome}/duplicate`, { menu, appRevision: app.revision });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await appOf(field.id);
    expect(after.menu.otherOrder).toEqual(others);
    expect(after.menu.menuOrder).toEqual([welcome, String(res.body.page.id)]);
    // A menu over a stale revision is refused, and nothing is copied.
    const pages = after.pages.length;
    const stale = await t.admin.post(`${PAGES}/${welcome}/duplicate`, { menu, appRevision: app.revision });
    expect(refusal(stale, 409).code).toBe('conflict');
    expect((await appOf(field.id)).pages.length).toBe(pages);
  });

  it('never makes a copy of a form page the default edit form: its type has one', async () => {
    const form = await t.admin.post(`${APPS}/${sysRecord.sharedApp}/pages`, {
      name: 'Job form',
      type: 'singleRecordEdit',
      content: headingPage('Job', { contextEntityTypeId: jobType }),
    });
    expect(form.body.isDefaultEditRecordPage).toBe(true);
    const copy = await t.admin.post(`${PAGES}/${form.body.id}/duplicate`, {});
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((await load(copy.body.page.id)).isDefaultEditRecordPage).toBe(false);
    expect((await load(form.body.id)).isDefaultEditRecordPage).toBe(true);
  });

  it('refuses a copy to an app that is not there', async () => {
    const res = await t.admin.post(`${PAGES}/${field.settings.defaultPageId}/duplicate`, {
      targetAppId: 987654,
    });
    expect(refusal(res, 404).message).toBe('The app was not found.');
  });

  it("deletes a page from its app and the menu, saying 'Page deleted' and naming the default page", async () => {
    const made = await t.admin.post(`${APPS}/${field.id}/pages`, {
      name: 'Old news',
      content: headingPage('Old'),
    });
    expect(made.status).toBe(200);
    const id = made.body.id;
    const before = await t.admin.get('/spapi/data/v1/apps/field/pages/oldnews?preview=1');
    expect(before.status).toBe(200);
    const res = await t.admin.post(`${PAGES}/${id}/delete`, { revision: made.body.revision });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Page deleted',
      app: { id: field.id, slug: 'field' },
      defaultPage: { id: field.settings.defaultPageId, slug: 'welcome' },
    });
    const app = await appOf(field.id);
    expect(app.revision).toBe(res.body.app.revision);
    expect(app.pages.some((p: any) => p.id === id)).toBe(false);
    expect([...app.menu.menuOrder, ...app.menu.otherOrder]).not.toContain(String(id));
    expect((await t.admin.get('/spapi/data/v1/apps/field/pages/oldnews?preview=1')).status).toBe(404);
    expect((await t.admin.read(before.body.versionId)).status).toBe(404);
    expect(refusal(await t.admin.get(`${PAGES}/${id}`), 404).message).toBe('The page was not found.');
  });

  it("removes a deleted page from a menu folder, and keeps the app's default page", async () => {
    const made = await t.admin.post(`${APPS}/${field.id}/pages`, {
      name: 'In a folder',
      content: headingPage('F'),
    });
    const app = await appOf(field.id);
    const key = String(made.body.id);
    const menu = {
      ...app.menu,
      menuOrder: [...app.menu.menuOrder.filter((k: string) => k !== key), 'more'],
      menuFolders: [{ id: 'more', text: 'More', childOrder: [key] }],
    };
    expect((await t.admin.post(`${APPS}/${field.id}`, { revision: app.revision, menu })).status).toBe(200);
    expect((await t.admin.post(`${PAGES}/${key}/delete`, {})).status).toBe(200);
    expect((await appOf(field.id)).menu.menuFolders).toEqual([{ id: 'more', text: 'More', childOrder: [] }]);

    const home = await t.admin.post(`${PAGES}/${field.settings.defaultPageId}/delete`, {});
    expect(refusal(home, 400).message).toBe(
      "The app's default page cannot be deleted. Make another page the default page first.",
    );
    expect((await load(field.settings.defaultPageId)).id).toBe(field.settings.defaultPageId);
  });

  it('refuses to delete a page someone saved since it was loaded (409)', async () => {
    const made = await t.admin.post(`${APPS}/${field.id}/pages`, {
      name: 'Contested',
      content: headingPage('C'),
    });
    const saved = await t.admin.post(`${PAGES}/${made.body.id}`, {
      revision: made.body.revision,
      content: headingPage('D'),
    });
    expect(saved.status).toBe(200);
    const res = await t.admin.post(`${PAGES}/${made.body.id}/delete`, { revision: made.body.revision });
    expect(refusal(res, 409).code).toBe('conflict');
    expect((await load(made.body.id)).content.components[0].properties.text).toBe('D');
  });

  it('answers only administrators', async () => {
    const role = await createRole(t.admin, 'Viewers', []);
    await t.addUser('vic', [role]);
    const vic = await t.login('vic', ADMIN_PASSWORD);
    const welcome = field.settings.defaultPageId;
    for (const url of [`${PAGES}/${welcome}/duplicate`, `${PAGES}/${welcome}/delete`]) {
      const res = await vic.post(url, {});
      expect(res.status, url).toBe(403);
      expect(res.body.error.message).toBe('Only administrators can do this.');
    }
  });
});
