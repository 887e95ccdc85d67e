import { sysRecord } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The refusal's messages by the setting they are about. */
function problemsOf(res: Answer): Record<string, string> {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe('validation_failed');
  return Object.fromEntries(
    (res.body.error.details.errors as Array<{ member: string; message: string }>).map((e) => [
      e.member,
      e.message,
    ]),
  );
}

/**
 * Issue 20 item 1: apps in the admin area — the list, a new app with its Welcome page (spec 01
 * §2), every setting of spec 01 §3, and the name and slug rules of spec 01 §5 enforced by the
 * server whatever the browser checked.
 */
describe.each(engines)('apps in the admin area on %s', (engine) => {
  let t: TestApp;
  let seller: Client;
  let sellers: number;
  let field: any;

  beforeAll(async () => {
    t = await startTestApp(engine);
    sellers = await createRole(t.admin, 'Sellers', []);
    await t.addUser('sam', [sellers]);
    seller = await t.login('sam', ADMIN_PASSWORD);
    const res = await t.admin.post(APPS, { name: 'Field Service' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    field = res.body;
  });
  afterAll(() => t.close());

  it('creates an app with the initial values of spec 01 §3 and a slug made from its name', () => {
    expect(field.settings).toEqual({
      name: 'Field Service',
      slug: 'fieldservice',
      alias: null,
      displayAlias: null,
      description: null,
      icon: null,
      version: '1.0.0',
      isEnabled: false,
      allowsAnonymous: false,
      menuShowDefault: true,
      menuShowAppName: false,
      menuAppNameHome: false,
      menuAppNameAlign: 'left',
      theme: null,
      headerBackgroundColour: null,
      headerTextColour: null,
      footerText: null,
      allowedDisplayRoleIds: [],
      defaultPageId: field.pages[0].id,
    });
    expect(field.isSharedApp).toBe(false);
  });

  it('starts the app with one page named Welcome, in the menu and its default page', async () => {
    expect(field.pages).toEqual([
      {
        id: expect.any(Number),
        name: 'Welcome',
        slug: 'welcome',
        type: 'default',
        contextEntityTypeId: null,
        upgradeId: null,
        revision: expect.any(Number),
      },
    ]);
    const welcome = field.pages[0].id;
    expect(field.menu.menuOrder).toEqual([String(welcome)]);
    // The runner opens it (a disabled app opens for administrators).
    const runner = await t.admin.get('/spapi/data/v1/apps/fieldservice?withDefaultPage=1');
    expect(runner.status, JSON.stringify(runner.body)).toBe(200);
    expect(runner.body.defaultPageId).toBe(welcome);
    expect(runner.body.includedPage.page.name).toBe('Welcome');
    expect(runner.body.includedPage.content.components[0].properties.text).toBe('Welcome to Field Service');
  });

  it('appends a number to a slug made from a name whose slug is taken', async () => {
    const res = await t.admin.post(APPS, { name: 'FieldService!' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.slug).toBe('fieldservice2');
    expect(res.body.settings.name).toBe('FieldService!');
  });

  it('refuses a new app whose name or slug another app has, and stores nothing', async () => {
    const before = (await t.admin.get(APPS)).body.apps.length;
    expect(problemsOf(await t.admin.post(APPS, { name: 'field service', slug: 'FIELDSERVICE' }))).toEqual({
      name: "There is another app with the same 'App name'.",
      slug: "There is another app with the same 'URL slug'.",
    });
    expect(problemsOf(await t.admin.post(APPS, { name: 'App' }))).toEqual({
      name: 'The App name must be 4 to 80 characters long.',
    });
    expect(problemsOf(await t.admin.post(APPS, { name: 'Jobs board', slug: 'jobs board' }))).toEqual({
      slug: 'The URL slug may only contain letters, digits, hyphens and underscores.',
    });
    // The shared app's slug is taken too.
    expect(problemsOf(await t.admin.post(APPS, { name: 'Jobs board', slug: 'shared' }))).toEqual({
      slug: "There is another app with the same 'URL slug'.",
    });
    expect((await t.admin.get(APPS)).body.apps.length).toBe(before);
  });

  it("lists the tenant's apps by name with slug, enabled and anonymous access; not the shared app", async () => {
    const res = await t.admin.get(APPS);
    expect(res.status).toBe(200);
    const apps = res.body.apps as any[];
    expect(apps.map((a) => a.name)).toEqual(['Field Service', 'FieldService!']);
    expect(apps[0]).toMatchObject({
      id: field.id,
      slug: 'fieldservice',
      isEnabled: false,
      allowsAnonymous: false,
      version: '1.0.0',
      pageCount: 1,
      displayAlias: null,
    });
    expect(apps.some((a) => a.id === sysRecord.sharedApp)).toBe(false);
  });

  it('saves every setting, and the runner shows them', async () => {
    const app = (await t.admin.get(`${APPS}/${field.id}`)).body;
    const settings = {
      name: 'Field Service Pro',
      slug: 'fsp',
      alias: 'acme:fieldService',
      displayAlias: 'Field',
      description: 'Jobs and visits',
      icon: 'truck',
      version: '1.2.0',
      isEnabled: true,
      allowsAnonymous: false,
      menuShowDefault: false,
      menuShowAppName: true,
      menuAppNameHome: true,
      menuAppNameAlign: 'center' as const,
      theme: 'teal',
      headerBackgroundColour: '#1f4e79',
      headerTextColour: '#fff',
      footerText: 'Acme field team',
      allowedDisplayRoleIds: [sellers],
      defaultPageId: app.settings.defaultPageId,
    };
    const res = await t.admin.post(`${APPS}/${field.id}`, { revision: app.revision, settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings).toEqual(settings);
    expect(res.body.revision).toBeGreaterThan(app.revision);
    const read = await t.admin.get(`${APPS}/${field.id}`);
    expect(read.body.settings).toEqual(settings);
    const runner = (await t.admin.get('/spapi/data/v1/apps/fsp')).body;
    expect(runner).toMatchObject({
      name: 'Field Service Pro',
      displayAlias: 'Field',
      isEnabled: true,
      menuShowDefault: false,
      menuShowAppName: true,
      menuAppNameHome: true,
      menuAppNameAlign: 'center',
      footerText: 'Acme field team',
      headerBackgroundColour: '#1f4e79',
      headerTextColour: '#fff',
      theme: 'teal',
    });
    // Who may display it: a seller lists it; after it is given to administrators only, no one else does.
    expect((await seller.get('/spapi/data/v1/apps')).body.apps.map((a: any) => a.slug)).toContain('fsp');
    const only = await t.admin.post(`${APPS}/${field.id}`, {
      revision: res.body.revision,
      settings: { allowedDisplayRoleIds: [sysRecord.administratorsRole] },
    });
    expect(only.status, JSON.stringify(only.body)).toBe(200);
    expect(only.body.settings.allowedDisplayRoleIds).toEqual([sysRecord.administratorsRole]);
    expect((await seller.get('/spapi/data/v1/apps/fsp')).status).toBe(404);
    field = only.body;
  });

  it('refuses a slug or name another app has with the spec messages, and changes nothing', async () => {
    const other = (await t.admin.get(APPS)).body.apps.find((a: any) => a.slug === 'fieldservice2');
    const before = (await t.admin.get(`${APPS}/${other.id}`)).body;
    expect(
      problemsOf(
        await t.admin.post(`${APPS}/${other.id}`, { revision: before.revision, settings: { slug: 'FSP' } }),
      ),
    ).toEqual({ slug: "There is another app with the same 'URL slug'." });
    expect(
      problemsOf(
        await t.admin.post(`${APPS}/${other.id}`, {
          revision: before.revision,
          settings: { name: 'FIELD SERVICE PRO' },
        }),
      ),
    ).toEqual({ name: "There is another app with the same 'App name'." });
    expect(
      problemsOf(
        await t.admin.post(`${APPS}/${other.id}`, {
          revision: before.revision,
          settings: { name: 'Ab', version: '1.0', headerTextColour: 'red;background:url(x)' },
        }),
      ),
    ).toEqual({
      name: 'The App name must be 4 to 80 characters long.',
      version: 'Give the version as three numbers with dots between them, such as 1.0.0.',
      headerTextColour: 'Give the colour as # and 3 or 6 hexadecimal digits, such as #1f4e79.',
    });
    const after = (await t.admin.get(`${APPS}/${other.id}`)).body;
    expect(after.settings).toEqual(before.settings);
    expect(after.revision).toBe(before.revision);
  });

  it('refuses an alias another record has', async () => {
    const other = (await t.admin.get(APPS)).body.apps.find((a: any) => a.slug === 'fieldservice2');
    const before = (await t.admin.get(`${APPS}/${other.id}`)).body;
    expect(
      problemsOf(
        await t.admin.post(`${APPS}/${other.id}`, {
          revision: before.revision,
          settings: { alias: 'acme:fieldService' },
        }),
      ),
    ).toEqual({ alias: 'Another record already has this alias.' });
    expect(problemsOf(await t.admin.post(APPS, { name: 'Aliased app', alias: 'core:sharedApp' }))).toEqual({
      alias: 'Another record already has this alias.',
    });
  });

  it('refuses a default page of another app', async () => {
    const other = (await t.admin.get(APPS)).body.apps.find((a: any) => a.slug === 'fieldservice2');
    const before = (await t.admin.get(`${APPS}/${other.id}`)).body;
    expect(
      problemsOf(
        await t.admin.post(`${APPS}/${other.id}`, {
          revision: before.revision,
          settings: { defaultPageId: field.settings.defaultPageId },
        }),
      ),
    ).toEqual({ defaultPageId: 'The default page must be a page of the app.' });
  });

  it('refuses a change over a revision someone saved since (409), keeping theirs', async () => {
    const read = (await t.admin.get(`${APPS}/${field.id}`)).body;
    const first = await t.admin.post(`${APPS}/${field.id}`, {
      revision: read.revision,
      settings: { footerText: 'First' },
    });
    expect(first.status).toBe(200);
    const second = await t.admin.post(`${APPS}/${field.id}`, {
      revision: read.revision,
      settings: { footerText: 'Second' },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('conflict');
    expect(second.body.error.message).toBe(
      "You saved the app 'Field Service Pro' in another window or tab after you opened it here, so these changes were not saved. Nothing was overwritten: reload the app to see the saved settings, then make these changes again.",
    );
    expect(second.body.error.details).toMatchObject({ revision: first.body.revision, modifiedBy: 'admin' });
    expect((await t.admin.get(`${APPS}/${field.id}`)).body.settings.footerText).toBe('First');
  });

  it('saves a menu with the app', async () => {
    const read = (await t.admin.get(`${APPS}/${field.id}`)).body;
    const welcome = String(read.settings.defaultPageId);
    const menu = { menuOrder: [], menuFolders: [], otherOrder: [welcome], otherFolders: [] };
    const res = await t.admin.post(`${APPS}/${field.id}`, { revision: read.revision, menu });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.menu).toEqual(menu);
    expect(res.body.settings).toEqual(read.settings);
  });

  it("keeps the shared app's settings", async () => {
    const shared = await t.admin.get(`${APPS}/${sysRecord.sharedApp}`);
    expect(shared.status).toBe(200);
    expect(shared.body.isSharedApp).toBe(true);
    const res = await t.admin.post(`${APPS}/${sysRecord.sharedApp}`, {
      revision: shared.body.revision,
      settings: { name: 'Renamed shared' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("The shared app's settings cannot be changed.");
  });

  it('finds an app by its slug, case-insensitively, and says when there is none', async () => {
    const res = await t.admin.get(`${APPS}/slug/FSP`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(field.id);
    const none = await t.admin.get(`${APPS}/slug/nothing`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('The app was not found.');
    expect((await t.admin.get(`${APPS}/999999`)).status).toBe(404);
  });

  it('answers only administrators', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', APPS],
      ['POST', APPS, { name: 'Sneaky app' }],
      ['GET', `${APPS}/${field.id}`],
      ['POST', `${APPS}/${field.id}`, { revision: 1, settings: { name: 'Sneaky app' } }],
      ['GET', `${APPS}/${field.id}/delete`],
      ['POST', `${APPS}/${field.id}/delete`, { revision: 1, pageIds: [] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await seller.request(method as 'GET', url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error.message).toBe('Only administrators can do this.');
    }
    expect((await t.admin.get(APPS)).body.apps.some((a: any) => a.name === 'Sneaky app')).toBe(false);
  });
});
