import { newPageContent, type PageVersionContent } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from '../support/crmSchema.js';
import { type Answer, engines, startTestApp, type TestApp } from '../support/testApp.js';

const APPS = '/spapi/admin/v1/apps';
const PAGES = '/spapi/admin/v1/pages';

const heading = (id: string) => ({
  component: { id, typeAlias: 'core:headingComponent', properties: { text: 'Hi' } },
});

/** The refusal's errors as `member: message`. */
function refused(res: Answer): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe('validation_failed');
  return (res.body.error.details.errors as Array<{ member: string; message: string }>).map(
    (e) => `${e.member}: ${e.message}`,
  );
}

/**
 * Issue 20 item 4 (server side): what the builder's validation blocks, the server refuses with the
 * same messages whatever the browser checked — a draft whose component ids or page variable values
 * break spec 01 §5, and a page taking an Object as input made the home page or put in the menu.
 */
describe.each(engines)('the builder’s page rules on the server on %s', (engine) => {
  let t: TestApp;
  let app: any;
  let jobType: number;
  let detailsPage: any;

  const load = async (path: string) => {
    const res = await t.admin.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    jobType = (await defineType(t.admin, 'Job', [{ name: 'Title', type: 'Text' }])).typeId;
    const made = await t.admin.post(APPS, { name: 'Page Rules', slug: 'pagerules' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    app = made.body;
    const details = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: 'Job details',
      content: newPageContent([heading('title')], { contextEntityTypeId: jobType }),
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    detailsPage = details.body;
  });
  afterAll(() => t.close());

  it('refuses a draft whose page variable values do not match their types, storing nothing', async () => {
    const page = await load(`${PAGES}/${app.settings.defaultPageId}`);
    const save = (variables: PageVersionContent['variables']) =>
      t.admin.post(`${PAGES}/${page.id}`, {
        revision: page.revision,
        content: { ...newPageContent([heading('title')]), variables },
      });
    const res = await save([
      { name: 'Count', type: 'Int32', isList: false, value: 'many' },
      { name: 'Due', type: 'Date', isList: true, value: ['2026-02-30'] },
    ]);
    expect(refused(res)).toEqual([
      "content: Page variable 'Count': The value is not a valid number.",
      "content: Page variable 'Due': The value is not a valid date.",
    ]);
    expect(res.body.error.message).toBe(
      "The page definition is not valid. Page variable 'Count': The value is not a valid number.",
    );
    const after = await load(`${PAGES}/${page.id}`);
    expect(after.revision).toBe(page.revision);
    expect(after.content.variables).toEqual([]);

    const ok = await save([
      { name: 'Count', type: 'Int32', isList: false, value: 12 },
      { name: 'Due', type: 'Date', isList: true, value: ['2026-02-28'] },
      { name: 'Chosen', type: 'Entity', isList: false },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.content.variables.map((v: any) => v.value)).toEqual([12, ['2026-02-28'], undefined]);
  });

  it('refuses a draft whose component ids are taken twice or hold spaces', async () => {
    const page = await load(`${PAGES}/${detailsPage.id}`);
    const content = newPageContent([heading('a'), heading('b')], { contextEntityTypeId: jobType });
    content.components[1]!.id = 'a';
    content.configuration.root.elements[1]!.id = 'a';
    const res = await t.admin.post(`${PAGES}/${page.id}`, { revision: page.revision, content });
    expect(refused(res)).toContain('content: Another component already has this Id.');
    const spaced = newPageContent([heading('a')], { contextEntityTypeId: jobType });
    spaced.components[0]!.id = 'a b';
    spaced.configuration.root.elements[0]!.id = 'a b';
    expect(
      refused(await t.admin.post(`${PAGES}/${page.id}`, { revision: page.revision, content: spaced })),
    ).toContain('content: Invalid format. The value must not contain spaces.');
    expect((await load(`${PAGES}/${page.id}`)).revision).toBe(page.revision);
  });

  it('refuses to make a page taking an Object its app’s home page, keeping the app', async () => {
    const before = await load(`${APPS}/${app.id}`);
    const res = await t.admin.post(`${APPS}/${app.id}`, {
      revision: before.revision,
      settings: { defaultPageId: detailsPage.id },
    });
    expect(refused(res)).toEqual(['defaultPageId: Home pages must not have Object as an input']);
    const after = await load(`${APPS}/${app.id}`);
    expect(after.revision).toBe(before.revision);
    expect(after.settings.defaultPageId).toBe(app.settings.defaultPageId);
  });

  it('refuses to put a page taking an Object in the menu, or in a folder of it', async () => {
    const before = await load(`${APPS}/${app.id}`);
    const id = String(detailsPage.id);
    expect(before.menu.otherOrder).toContain(id);
    const moveTo = (menu: object) => t.admin.post(`${APPS}/${app.id}`, { revision: before.revision, menu });
    const menuPageInput =
      'menu: Pages in menu must not have Object as an input, move the page to Other pages';
    expect(
      refused(await moveTo({ ...before.menu, menuOrder: [...before.menu.menuOrder, id], otherOrder: [] })),
    ).toEqual([menuPageInput]);
    const folder = { id: 'jobs', text: 'Jobs', childOrder: [id] };
    expect(
      refused(
        await moveTo({
          ...before.menu,
          menuOrder: [...before.menu.menuOrder, 'jobs'],
          menuFolders: [folder],
          otherOrder: [],
        }),
      ),
    ).toEqual([menuPageInput]);
    const after = await load(`${APPS}/${app.id}`);
    expect(after.revision).toBe(before.revision);
    expect(after.menu).toEqual(before.menu);
  });

  it('refuses a new page in the menu that takes an Object, and a menu page’s draft that would', async () => {
    const made = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: 'Job summary',
      list: 'menu',
      content: newPageContent([heading('h')], { contextEntityTypeId: jobType }),
    });
    expect(refused(made)).toEqual([
      'content: Pages in menu must not have Object as an input, move the page to Other pages',
    ]);
    const pages = (await load(`${APPS}/${app.id}`)).pages.map((p: any) => p.name);
    expect(pages).not.toContain('Job summary');

    const home = await load(`${PAGES}/${app.settings.defaultPageId}`);
    const draft = await t.admin.post(`${PAGES}/${home.id}`, {
      revision: home.revision,
      content: newPageContent([heading('h')], { contextEntityTypeId: jobType }),
    });
    expect(refused(draft)).toEqual(['content: Home pages must not have Object as an input']);
  });

  it('refuses the same through the entity service: a stored version with a variable of the wrong type', async () => {
    const content = {
      ...newPageContent(),
      variables: [{ name: 'Flag', type: 'Bool', isList: false, value: 'yes' }],
    };
    const res = await t.admin.put([
      {
        id: 'new:v',
        typeId: 'core:pageVersion',
        fields: { name: 'Loose version', pageVersionContent: JSON.stringify(content) },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body.error.details)).toContain("Page variable 'Flag': The value is invalid.");
  });
});
