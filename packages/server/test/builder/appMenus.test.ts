import { newPageContent } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from '../support/crmSchema.js';
import { type Answer, engines, startTestApp, type TestApp } from '../support/testApp.js';

const APPS = '/spapi/admin/v1/apps';

function messagesOf(res: Answer): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe('validation_failed');
  return (res.body.error.details.errors as Array<{ message: string }>).map((e) => e.message);
}

/**
 * Issue 20 items 2 and 5 (server side, decision 0118): the builder's File tab saves the app's menu
 * over the app's revision; the server keeps only menus of the app's own pages and folders, and no
 * page taking an Object as input in the menu (spec 01 §5).
 */
describe.each(engines)("saving an app's menu on %s", (engine) => {
  let t: TestApp;
  let app: any;
  let welcome: string;
  let jobs: string;
  let jobForm: string;

  const read = async () => (await t.admin.get(`${APPS}/${app.id}`)).body;
  const saveMenu = async (menu: object) =>
    t.admin.post(`${APPS}/${app.id}`, { revision: (await read()).revision, menu });

  beforeAll(async () => {
    t = await startTestApp(engine);
    const jobType = (await defineType(t.admin, 'Job', [{ name: 'Title', type: 'Text' }])).typeId;
    app = (await t.admin.post(APPS, { name: 'Field Service', slug: 'field' })).body;
    welcome = String(app.settings.defaultPageId);
    const made = await t.admin.post(`${APPS}/${app.id}/pages`, { name: 'Jobs list', slug: 'jobs' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    jobs = String(made.body.id);
    const form = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: 'Job form',
      content: newPageContent([], { contextEntityTypeId: jobType }),
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    jobForm = String(form.body.id);
  });
  afterAll(() => t.close());

  it('saves folders in both lists, and the runner shows the menu saved', async () => {
    const menu = {
      menuOrder: [welcome, 'folder-work'],
      menuFolders: [{ id: 'folder-work', text: 'Work', childOrder: [jobs] }],
      otherOrder: ['folder-forms'],
      otherFolders: [{ id: 'folder-forms', text: 'Forms', childOrder: [jobForm] }],
    };
    const res = await saveMenu(menu);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.menu).toEqual(menu);
    const runner = await t.admin.get('/spapi/data/v1/apps/field');
    expect(runner.status, JSON.stringify(runner.body)).toBe(200);
    expect(runner.body.menu).toEqual(menu);
  });

  it('refuses pages the app does not have and items that are not its folders, writing nothing', async () => {
    const before = await read();
    const stranger = await saveMenu({ ...before.menu, menuOrder: [welcome, '987654', 'folder-work'] });
    expect(messagesOf(stranger)).toEqual([
      "The menu names '987654', which is neither a page of this app nor one of its folders.",
    ]);
    const inFolder = await saveMenu({
      ...before.menu,
      menuFolders: [{ id: 'folder-work', text: 'Work', childOrder: [jobs, 'folder-forms'] }],
    });
    expect(messagesOf(inFolder)).toContain("The menu names 'folder-forms', which is not a page of this app.");
    const after = await read();
    expect(after.revision).toBe(before.revision);
    expect(after.menu).toEqual(before.menu);
  });

  it('refuses a folder missing from its list, a folder id used twice and a page named twice', async () => {
    const before = await read();
    expect(messagesOf(await saveMenu({ ...before.menu, menuOrder: [welcome] }))).toEqual([
      "The folder 'folder-work' is not in the order of its list.",
    ]);
    expect(
      messagesOf(
        await saveMenu({
          ...before.menu,
          otherOrder: ['folder-work'],
          otherFolders: [{ id: 'folder-work', text: 'Again', childOrder: [jobForm] }],
        }),
      ),
    ).toEqual([
      "There are two folders with the id 'folder-work'.",
      "The menu names 'folder-work' more than once.",
    ]);
    expect(messagesOf(await saveMenu({ ...before.menu, menuOrder: [welcome, 'folder-work', jobs] }))).toEqual(
      [`The menu names '${jobs}' more than once.`],
    );
  });

  it("refuses a page taking an Object as input in the menu, in a folder or not, with spec 01 §5's message", async () => {
    const before = await read();
    const message = 'Pages in menu must not have Object as an input, move the page to Other pages';
    const inFolder = await saveMenu({
      menuOrder: [welcome, 'folder-work'],
      menuFolders: [{ id: 'folder-work', text: 'Work', childOrder: [jobs, jobForm] }],
      otherOrder: [],
      otherFolders: [],
    });
    expect(messagesOf(inFolder)).toEqual([message]);
    const atTop = await saveMenu({
      ...before.menu,
      menuOrder: [jobForm, welcome, 'folder-work'],
      otherOrder: [],
      otherFolders: [],
    });
    expect(messagesOf(atTop)).toEqual([message]);
    expect((await read()).menu).toEqual(before.menu);
  });

  it('refuses a menu over a revision someone saved since (409), keeping theirs', async () => {
    const before = await read();
    const theirs = { ...before.menu, menuOrder: ['folder-work', welcome] };
    expect(
      (await t.admin.post(`${APPS}/${app.id}`, { revision: before.revision, menu: theirs })).status,
    ).toBe(200);
    const mine = await t.admin.post(`${APPS}/${app.id}`, { revision: before.revision, menu: before.menu });
    expect(mine.status).toBe(409);
    expect(mine.body.error.code).toBe('conflict');
    expect((await read()).menu).toEqual(theirs);
  });
});
