import { type EntityChange, newPageContent, sysRecord, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

function page(
  key: string,
  app: number | string,
  name: string,
  slug: string,
  roles: number[] = [],
): EntityChange[] {
  const content = newPageContent([
    { component: { id: 'h', typeAlias: 'core:headingComponent', properties: { text: name } } },
  ]);
  return [
    {
      id: `new:${key}V`,
      typeId: 'core:pageVersion',
      fields: { name, pageVersionContent: JSON.stringify(content), pageVersionFormat: 1 },
    },
    {
      id: `new:${key}`,
      typeId: 'core:appPage',
      fields: { name, appPageSlug: slug },
      relationships: {
        pageInApp: { set: [app] },
        pagePublishedVersion: { set: [`new:${key}V`] },
        ...(roles.length > 0 ? { allowedDisplayAppPageBy: { set: roles } } : {}),
      },
    },
  ];
}

/**
 * Who may display an app or a page (spec 01 §6, decision 0063) is enforced on every call that
 * reads them: what a user may not display is a 404 that names nothing, and is never listed.
 */
describe.each(engines)('display rules of apps and pages on %s', (engine) => {
  let t: TestApp;
  let fielder: Client;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    const types = await t.admin.put([
      {
        id: 'new:job',
        typeId: 'core:type',
        fields: { name: 'Job', typeScriptName: 'job', alias: 'acme:job' },
      },
      {
        id: 'new:urgent',
        typeId: 'core:type',
        fields: { name: 'Urgent Job', typeScriptName: 'urgentJob', alias: 'acme:urgentJob' },
        relationships: { inherits: { set: ['new:job'] } },
      },
    ]);
    expect(types.status, JSON.stringify(types.body)).toBe(200);
    Object.assign(ids, types.body.ids);
    const roles = await t.admin.put([
      { id: 'new:field', typeId: 'core:role', fields: { name: 'Field' } },
      { id: 'new:office', typeId: 'core:role', fields: { name: 'Office' } },
    ]);
    const field = roles.body.ids['new:field'];
    const office = roles.body.ids['new:office'];
    ids.office = office;
    const apps = await t.admin.put([
      {
        id: 'new:vis',
        typeId: 'core:app',
        fields: { name: 'Visible app', uiAppSlug: 'vis', uiAppEnabled: true },
      },
      {
        id: 'new:officeApp',
        typeId: 'core:app',
        fields: { name: 'Office app', uiAppSlug: 'office', uiAppEnabled: true },
        relationships: { allowedDisplayUiAppBy: { set: [office] } },
      },
      { id: 'new:off', typeId: 'core:app', fields: { name: 'Disabled app', uiAppSlug: 'off' } },
      {
        id: 'new:fieldApp',
        typeId: 'core:app',
        fields: { name: 'A field app', uiAppSlug: 'fieldapp', uiAppEnabled: true },
        relationships: { allowedDisplayUiAppBy: { set: [field] } },
      },
    ]);
    expect(apps.status, JSON.stringify(apps.body)).toBe(200);
    Object.assign(ids, apps.body.ids);
    const pages = await t.admin.put([
      ...page('openPage', ids['new:vis']!, 'Open page', 'open'),
      ...page('officePage', ids['new:vis']!, 'Office page', 'officepage', [office]),
      ...page('fieldPage', ids['new:vis']!, 'Field page', 'fieldpage', [field]),
      ...page('recordPage', sysRecord.sharedApp, 'Job record', 'job-record', [office]),
    ]);
    expect(pages.status, JSON.stringify(pages.body)).toBe(200);
    Object.assign(ids, pages.body.ids);
    const menu = {
      menuOrder: [ids['new:openPage'], 'more'].map(String),
      menuFolders: [
        { id: 'more', text: 'More', childOrder: [ids['new:officePage'], ids['new:fieldPage']].map(String) },
      ],
    };
    const linked = await t.admin.put([
      { id: ids['new:vis']!, fields: { uiAppMenu: JSON.stringify(menu) } },
      { id: ids['new:job']!, relationships: { defaultEditRecordPage: { set: [ids['new:recordPage']!] } } },
    ]);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const welcome = await t.admin.get('/spapi/data/v1/apps/office');
    ids.officeWelcome = welcome.body.pages[0].id;
    await t.addUser('fielder', [field]);
    fielder = await t.login('fielder', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('lists only the enabled apps a user may display', async () => {
    const res = await fielder.get('/spapi/data/v1/apps');
    expect(res.status).toBe(200);
    expect(res.body.apps.map((a: { slug: string }) => a.slug)).toEqual(['fieldapp', 'vis']);
    const admin = await t.admin.get('/spapi/data/v1/apps');
    // The disabled app is not listed, even to administrators; the shared app never is.
    expect(admin.body.apps.map((a: { slug: string }) => a.slug)).toEqual(['fieldapp', 'office', 'vis']);
  });

  it('leaves out of an app the pages a user may not display, in its pages and its menu', async () => {
    const res = await fielder.get('/spapi/data/v1/apps/vis');
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p: { name: string }) => p.name)).toEqual([
      'Welcome',
      'Open page',
      'Field page',
    ]);
    expect(res.body.menu.menuFolders[0].childOrder).toEqual([String(ids['new:fieldPage'])]);
    expect(JSON.stringify(res.body)).not.toContain('Office');
    const admin = await t.admin.get('/spapi/data/v1/apps/vis');
    expect(admin.body.pages.map((p: { name: string }) => p.name)).toContain('Office page');
  });

  it('answers 404 for a page or app the user may not display, on every call that reads it', async () => {
    const refused = [
      '/spapi/data/v1/apps/office',
      '/spapi/data/v1/apps/OFFICE/pages/welcome',
      `/spapi/data/v1/pages/${ids.officeWelcome}`,
      '/spapi/data/v1/apps/off',
      '/spapi/data/v1/apps/off/pages/welcome',
      '/spapi/data/v1/apps/vis/pages/officepage',
      `/spapi/data/v1/pages/${ids['new:officePage']}`,
      `/spapi/data/v1/types/${ids['new:job']}/recordPage`,
      // The nearest ancestor's record page serves a derived type.
      '/spapi/data/v1/types/acme:urgentJob/recordPage',
      `/spapi/data/v1/entity/${ids['new:officePage']}`,
      `/spapi/data/v1/entity/${ids['new:officeApp']}`,
      `/spapi/data/v1/entity/${ids['new:officePageV']}`,
    ];
    for (const url of refused) {
      const res = await fielder.get(url);
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body), url).not.toMatch(/Office|office/);
    }
    for (const url of refused.slice(0, 9)) expect((await t.admin.get(url)).status, url).toBe(200);
    // A page id that is not a page, and a page that does not exist, look the same.
    expect((await fielder.get(`/spapi/data/v1/pages/${sysType.person}`)).status).toBe(404);
    expect((await fielder.get('/spapi/data/v1/pages/999999')).status).toBe(404);
  });

  it('brings the default page or a page by slug along with the app, on the same rules (decision 0090)', async () => {
    const app = await fielder.get('/spapi/data/v1/apps/vis');
    expect(app.body).not.toHaveProperty('includedPage');
    const withDefault = await fielder.get('/spapi/data/v1/apps/vis?withDefaultPage=1');
    expect(withDefault.status).toBe(200);
    const defaultPage = await fielder.get(`/spapi/data/v1/pages/${app.body.defaultPageId}`);
    expect(defaultPage.status).toBe(200);
    expect(withDefault.body.includedPage).toEqual(defaultPage.body);
    expect({ ...withDefault.body, includedPage: undefined }).toEqual({
      ...app.body,
      includedPage: undefined,
    });
    const bySlug = await fielder.get('/spapi/data/v1/apps/VIS?withPage=FieldPage');
    const fieldPage = await fielder.get('/spapi/data/v1/apps/vis/pages/fieldpage');
    expect(bySlug.body.includedPage).toEqual(fieldPage.body);
    // A page the user may not display, or none of that slug: the app without it, naming nothing.
    for (const url of [
      '/spapi/data/v1/apps/vis?withPage=officepage',
      '/spapi/data/v1/apps/vis?withPage=nope',
    ]) {
      const res = await fielder.get(url);
      expect(res.status, url).toBe(200);
      expect(res.body.includedPage, url).toBeNull();
      expect(JSON.stringify(res.body), url).not.toContain('Office');
    }
    const asAdmin = await t.admin.get('/spapi/data/v1/apps/vis?withPage=officepage');
    expect(asAdmin.body.includedPage.page.name).toBe('Office page');
    expect(asAdmin.body.includedPage.versionKind).toBe('published');
    // An app the user may not open is a 404 with or without its page.
    for (const url of [
      '/spapi/data/v1/apps/office?withDefaultPage=1',
      '/spapi/data/v1/apps/off?withDefaultPage=1',
      '/spapi/data/v1/apps/office?withPage=welcome',
    ]) {
      const res = await fielder.get(url);
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body), url).not.toMatch(/Office|office|Welcome/);
    }
    expect((await fielder.get('/spapi/data/v1/apps/vis?withDefaultPage=maybe')).status).toBe(400);
  });

  it('brings no default page the user may not display', async () => {
    const added = await t.admin.put(
      page('fieldHome', ids['new:fieldApp']!, 'Office home', 'officehome', [ids.office!]),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const home = added.body.ids['new:fieldHome'];
    const linked = await t.admin.put([
      { id: ids['new:fieldApp']!, relationships: { appsDefaultPage: { set: [home] } } },
    ]);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const res = await fielder.get('/spapi/data/v1/apps/fieldapp?withDefaultPage=1');
    expect(res.status).toBe(200);
    expect(res.body.defaultPageId).toBeNull();
    expect(res.body.includedPage).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('Office');
    const admin = await t.admin.get('/spapi/data/v1/apps/fieldapp?withDefaultPage=1');
    expect(admin.body.includedPage.page.id).toBe(home);
    expect(admin.body.includedPage.content.components[0].properties.text).toBe('Office home');
  });

  it('serves a version changed in place with its new content', async () => {
    const url = `/spapi/data/v1/pages/${ids['new:fieldPage']}`;
    expect((await fielder.get(url)).body.content.components[0].properties.text).toBe('Field page');
    const changed = newPageContent([
      { component: { id: 'h', typeAlias: 'core:headingComponent', properties: { text: 'Field page, v2' } } },
    ]);
    const res = await t.admin.put([
      { id: ids['new:fieldPageV']!, fields: { pageVersionContent: JSON.stringify(changed) } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await fielder.get(url)).body.content.components[0].properties.text).toBe('Field page, v2');
    const withApp = await fielder.get('/spapi/data/v1/apps/vis?withPage=fieldpage');
    expect(withApp.body.includedPage.content.components[0].properties.text).toBe('Field page, v2');
  });

  it("answers 404 for another tenant's apps and pages, even to its administrators", async () => {
    const { admin: other } = await t.addTenant('globex');
    for (const url of [
      '/spapi/data/v1/apps/vis',
      '/spapi/data/v1/apps/vis/pages/open',
      `/spapi/data/v1/pages/${ids['new:openPage']}`,
      `/spapi/data/v1/types/${ids['new:job']}/recordPage`,
    ])
      expect((await other.get(url)).status, url).toBe(404);
    expect((await other.get('/spapi/data/v1/apps')).body.apps).toEqual([]);
  });

  it('serves the pages a user may display; previews only to administrators', async () => {
    for (const url of [
      '/spapi/data/v1/apps/vis/pages/fieldpage',
      '/spapi/data/v1/apps/VIS/pages/OPEN',
      `/spapi/data/v1/pages/${ids['new:fieldPage']}`,
    ]) {
      const res = await fielder.get(url);
      expect(res.status, url).toBe(200);
      expect(res.body.versionKind).toBe('published');
    }
    const preview = await fielder.get('/spapi/data/v1/apps/vis/pages/open?preview=1');
    expect(preview.status).toBe(403);
    expect(preview.body.error.message).toBe('Only administrators can preview a page.');
    // The generic entity API reads no app or page record without an access rule.
    expect((await fielder.get(`/spapi/data/v1/entity/${ids['new:openPage']}`)).status).toBe(404);
  });

  it('shows administrators the draft in a preview, the published version otherwise', async () => {
    const draft = newPageContent([
      { component: { id: 'd', typeAlias: 'core:headingComponent', properties: { text: 'Draft' } } },
    ]);
    const res = await t.admin.put([
      {
        id: 'new:draft',
        typeId: 'core:pageVersion',
        fields: { name: 'Open page', pageVersionContent: JSON.stringify(draft), pageVersionFormat: 1 },
      },
      { id: ids['new:openPage']!, relationships: { pageDraftVersion: { set: ['new:draft'] } } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = await t.admin.get('/spapi/data/v1/apps/vis/pages/open?preview=1');
    expect(preview.body.versionKind).toBe('draft');
    expect(preview.body.content.components[0].properties.text).toBe('Draft');
    const shown = await t.admin.get(`/spapi/data/v1/pages/${ids['new:openPage']}`);
    expect(shown.body.versionKind).toBe('published');
    expect(shown.body.content.components[0].properties.text).toBe('Open page');
  });
});
