import { type EntityChange, newPageContent, type PlacedComponent, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

const heading = (id: string): PlacedComponent => ({
  component: { id, typeAlias: 'core:headingComponent', properties: { text: 'Hello' } },
});

function pageChanges(
  key: string,
  appId: number | string,
  name: string,
  slug: string,
  content: unknown = newPageContent([heading('h1')]),
): EntityChange[] {
  return [
    {
      id: `new:${key}Version`,
      typeId: 'core:pageVersion',
      fields: { name, pageVersionContent: JSON.stringify(content), pageVersionFormat: 1 },
    },
    {
      id: `new:${key}`,
      typeId: 'core:appPage',
      fields: { name, appPageSlug: slug },
      relationships: { pageInApp: { set: [appId] }, pagePublishedVersion: { set: [`new:${key}Version`] } },
    },
  ];
}

describe.each(engines)('apps and pages written on %s', (engine) => {
  let t: TestApp;
  let appId: number;

  const errorsOf = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.error.details.errors.map((e: { message: string }) => e.message);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    const res = await t.admin.put([
      { id: 'new:app', typeId: 'core:app', fields: { name: 'Field Service', uiAppSlug: 'field' } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    appId = res.body.ids['new:app'];
  });
  afterAll(() => t.close());

  it('gives a new app the initial values of spec 01 §3 and a Welcome page in its menu, as its default', async () => {
    const res = await t.admin.read(
      appId,
      'name, uiAppMenu, uiAppMenuShowDefault, uiAppMenuShowAppName, uiAppMenuAppNameHome, uiAppMenuAppNameAlign, uiAppVersion, uiAppEnabled, uiAppAnonymousAccess, appsDefaultPage.name, appsPages.name',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const app = res.body.entities?.[0] ?? res.body;
    expect(app).toMatchObject({
      uiAppMenuShowDefault: true,
      uiAppMenuShowAppName: false,
      uiAppMenuAppNameHome: false,
      uiAppMenuAppNameAlign: 'left',
      uiAppVersion: '1.0.0',
      uiAppEnabled: false,
      uiAppAnonymousAccess: false,
    });
    expect(app.appsDefaultPage).toMatchObject({ name: 'Welcome' });
    expect(JSON.parse(app.uiAppMenu).menuOrder).toEqual([String(app.appsDefaultPage.id)]);
    const runner = await t.admin.get('/spapi/data/v1/apps/field');
    expect(runner.status).toBe(200);
    expect(runner.body.pages).toEqual([
      expect.objectContaining({ name: 'Welcome', slug: 'welcome', showMenu: true, hidden: false }),
    ]);
    expect(runner.body.defaultPageId).toBe(runner.body.pages[0].id);
  });

  it("refuses an app name outside 4–80 characters and another app's name or slug", async () => {
    expect(
      errorsOf(
        await t.admin.put([{ id: 'new:a', typeId: 'core:app', fields: { name: 'App', uiAppSlug: 'a1' } }]),
      ),
    ).toEqual(['The App name must be 4 to 80 characters long.']);
    expect(
      errorsOf(
        await t.admin.put([
          { id: 'new:a', typeId: 'core:app', fields: { name: 'field service', uiAppSlug: 'FIELD' } },
        ]),
      ),
    ).toEqual([
      "There is another app with the same 'URL slug'.",
      "There is another app with the same 'App name'.",
    ]);
    expect(
      errorsOf(
        await t.admin.put([
          { id: 'new:a', typeId: 'core:app', fields: { name: 'Spaced', uiAppSlug: 'my app' } },
        ]),
      ),
    ).toEqual(['The URL slug may only contain letters, digits, hyphens and underscores.']);
  });

  it('refuses a page name or slug another page of the app has (slugs case-insensitively)', async () => {
    expect(errorsOf(await t.admin.put(pageChanges('p', appId, 'Welcome', 'WELCOME')))).toEqual([
      "There is another page with the same 'URL slug'.",
      "There is another page with the same 'Page name'.",
    ]);
    expect(errorsOf(await t.admin.put(pageChanges('p', appId, 'Job', 'jobs')))).toEqual([
      'The Page name must be 4 to 80 characters long.',
    ]);
    const ok = await t.admin.put(pageChanges('p', appId, 'Jobs list', 'jobs'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Another app may use the same slug.
    const other = await t.admin.put([
      { id: 'new:other', typeId: 'core:app', fields: { name: 'Other app', uiAppSlug: 'other' } },
    ]);
    expect(
      (await t.admin.put(pageChanges('q', other.body.ids['new:other'], 'Jobs list', 'jobs'))).status,
    ).toBe(200);
  });

  it('checks the page content: component ids, per-page maximums, types and properties', async () => {
    const content = (placed: PlacedComponent[]) => {
      const c = newPageContent([]);
      c.components = placed.map((p) => p.component as never);
      c.configuration.root.elements = placed.map((p) => ({
        id: p.component.id,
        type: 'component' as const,
        isContainer: false,
        elements: [],
        styles: {},
      }));
      return c;
    };
    const write = (placed: PlacedComponent[]) =>
      t.admin.put(pageChanges('c', appId, 'Content page', 'content', content(placed)));
    expect(errorsOf(await write([heading('my heading')]))[0]).toBe(
      'Invalid format. The value must not contain spaces.',
    );
    expect(errorsOf(await write([heading('h1'), heading('h1')]))).toContain(
      'Another component already has this Id.',
    );
    const filter = (id: string): PlacedComponent => ({
      component: { id, typeAlias: 'core:filterComponent', properties: { targetComponentIds: [] } },
    });
    expect(errorsOf(await write([filter('f1'), filter('f2')]))).toEqual([
      'The component cannot be added. Only 1 Filter component(s) per page are currently supported.',
    ]);
    expect(errorsOf(await write([{ component: { id: 'x', typeAlias: 'core:nothing' } }]))).toEqual([
      'Unknown component type',
    ]);
    const [level] = errorsOf(
      await write([{ component: { id: 'h', typeAlias: 'core:headingComponent', properties: { level: 9 } } }]),
    );
    expect(level).toMatch(/^At components\.0\.properties\.level: /);
    const bad = await t.admin.put([
      {
        id: 'new:v',
        typeId: 'core:pageVersion',
        fields: { name: 'Broken', pageVersionContent: '{not json' },
      },
    ]);
    expect(errorsOf(bad)).toEqual(['The page content is not valid JSON.']);
  });

  it('refuses a home page or a menu page that takes an Object as input', async () => {
    const withInput = newPageContent([heading('h')], { contextEntityTypeId: sysType.person });
    const made = await t.admin.put(pageChanges('r', appId, 'Person page', 'person', withInput));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const pageId = made.body.ids['new:r'];
    expect(
      errorsOf(await t.admin.put([{ id: appId, relationships: { appsDefaultPage: { set: [pageId] } } }])),
    ).toEqual(['Home pages must not have Object as an input']);
    expect(
      errorsOf(
        await t.admin.put([
          { id: appId, fields: { uiAppMenu: JSON.stringify({ menuOrder: [String(pageId)] }) } },
        ]),
      ),
    ).toEqual(['Pages in menu must not have Object as an input, move the page to Other pages']);
    // In the other pages it is fine.
    const other = await t.admin.put([
      { id: appId, fields: { uiAppMenu: JSON.stringify({ otherOrder: [String(pageId)] }) } },
    ]);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});
