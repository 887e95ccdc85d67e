import { alternateMessages, newPageContent, type PageVersionContent, sysRecord } from '@plinth/schema';
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

/** The first component's heading text of a page the runner (or a preview) shows. */
async function shownHeading(client: Client, appSlug: string, pageSlug: string, preview = false) {
  const res = await client.get(
    `/spapi/data/v1/apps/${appSlug}/pages/${pageSlug}${preview ? '?preview=1' : ''}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content.components[0]?.properties.text as string | undefined;
}

function refusal(res: Answer, status = 400) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.error as { code: string; message: string; details?: any };
}

/**
 * Issue 20 items 5 and 6 (server side): a page's draft is saved whole and checked against the page
 * model, a publish makes it the version the runner shows (a preview shows the draft), the rules of
 * spec 01 §4 and §5 hold, and a save over someone else's is refused (409) losing nothing.
 */
describe.each(engines)('saving and publishing pages on %s', (engine) => {
  let t: TestApp;
  let app: any;
  let welcomeId: number;
  let jobType: number;

  const load = async (pageId: number, client = t.admin) => {
    const res = await client.get(`${PAGES}/${pageId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    jobType = (await defineType(t.admin, 'Job', [{ name: 'Title', type: 'Text' }])).typeId;
    const res = await t.admin.post(APPS, { name: 'Field Service', slug: 'field' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    app = res.body;
    welcomeId = app.settings.defaultPageId;
  });
  afterAll(() => t.close());

  it('loads a page for the builder: its settings, content and revision', async () => {
    const page = await load(welcomeId);
    expect(page).toMatchObject({
      id: welcomeId,
      app: { id: app.id, slug: 'field', name: 'Field Service' },
      settings: {
        name: 'Welcome',
        slug: 'welcome',
        description: null,
        type: 'default',
        hidden: false,
        showMenu: true,
        showInSitemap: true,
        allowedDisplayRoleIds: [],
        alternateMultistepPageId: null,
        alternateEditRecordPageId: null,
      },
      isDefaultPage: true,
      isDefaultEditRecordPage: false,
      hasDraft: false,
      hasPublishedVersion: true,
      modifiedBy: 'admin',
    });
    expect(page.content.components[0].properties.text).toBe('Welcome to Field Service');
    expect(page.revision).toBeGreaterThan(0);
    const bySlug = await t.admin.get(`${APPS}/slug/FIELD/pages/WELCOME`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.id).toBe(welcomeId);
  });

  it('saves a draft that a preview shows and the runner does not, until it is published', async () => {
    const page = await load(welcomeId);
    const saved = await t.admin.post(`${PAGES}/${welcomeId}`, {
      revision: page.revision,
      settings: { description: 'Where the day starts' },
      content: headingPage('Good morning'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ hasDraft: true, settings: { description: 'Where the day starts' } });
    expect(saved.body.revision).toBeGreaterThan(page.revision);
    expect(await shownHeading(t.admin, 'field', 'welcome')).toBe('Welcome to Field Service');
    expect(await shownHeading(t.admin, 'field', 'welcome', true)).toBe('Good morning');
    expect((await load(welcomeId)).content.components[0].properties.text).toBe('Good morning');

    const published = await t.admin.post(`${PAGES}/${welcomeId}/publish`, { revision: saved.body.revision });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ hasDraft: false, hasPublishedVersion: true });
    expect(await shownHeading(t.admin, 'field', 'welcome')).toBe('Good morning');
    expect(await shownHeading(t.admin, 'field', 'welcome', true)).toBe('Good morning');
  });

  it('replaces the published version on publish, leaving no old version behind', async () => {
    const before = await t.admin.get('/spapi/data/v1/apps/field/pages/welcome');
    const oldVersion = before.body.versionId;
    const page = await load(welcomeId);
    const saved = await t.admin.post(`${PAGES}/${welcomeId}`, {
      revision: page.revision,
      content: headingPage('Good afternoon'),
    });
    expect(saved.status).toBe(200);
    const published = await t.admin.post(`${PAGES}/${welcomeId}/publish`, { revision: saved.body.revision });
    expect(published.status).toBe(200);
    const after = await t.admin.get('/spapi/data/v1/apps/field/pages/welcome');
    expect(after.body.versionId).not.toBe(oldVersion);
    expect((await t.admin.read(oldVersion)).status).toBe(404);
    // Publishing again with no draft changes nothing.
    const again = await t.admin.post(`${PAGES}/${welcomeId}/publish`, { revision: published.body.revision });
    expect(again.status).toBe(200);
    expect((await t.admin.get('/spapi/data/v1/apps/field/pages/welcome')).body.versionId).toBe(
      after.body.versionId,
    );
  });

  it('refuses a definition the page model does not accept, with a clear message, storing nothing', async () => {
    const page = await load(welcomeId);
    const save = (content: unknown) =>
      t.admin.post(`${PAGES}/${welcomeId}`, { revision: page.revision, content });
    const spaced = headingPage('Hi');
    spaced.components[0]!.id = 'my title';
    spaced.configuration.root.elements[0]!.id = 'my title';
    const cases: Array<[unknown, string]> = [
      [spaced, 'The page definition is not valid. Invalid format. The value must not contain spaces.'],
      [
        newPageContent([{ component: { id: 'x', typeAlias: 'core:nothing' } }]),
        'The page definition is not valid. Unknown component type',
      ],
      [
        newPageContent([
          {
            component: { id: 'h', typeAlias: 'core:headingComponent', properties: { text: 'Hi', level: 9 } },
          },
        ]),
        'The page definition is not valid. At components.0.properties.level:',
      ],
      ['not a page', 'The page definition is not valid.'],
      [
        { ...headingPage('Hi'), contextEntityTypeId: 987654 },
        'The page definition is not valid. The page input is not a type of this tenant.',
      ],
    ];
    for (const [content, message] of cases) {
      const error = refusal(await save(content));
      expect(error.code).toBe('validation_failed');
      expect(error.message.startsWith(message), `${error.message} / ${message}`).toBe(true);
      expect(error.details.errors[0].member).toBe('content');
    }
    const after = await load(welcomeId);
    expect(after.revision).toBe(page.revision);
    expect(after.content).toEqual(page.content);
    expect(after.hasDraft).toBe(false);
  });

  it('refuses page names and slugs of spec 01 §5 and an Object input on the home page', async () => {
    const made = await t.admin.post(`${APPS}/${app.id}/pages`, { name: 'Jobs list' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.settings).toMatchObject({ name: 'Jobs list', slug: 'jobslist', showMenu: true });
    const jobs = made.body;
    const save = (settings: object, content: unknown = headingPage('Jobs')) =>
      t.admin.post(`${PAGES}/${jobs.id}`, { revision: jobs.revision, settings, content });
    const problems = async (settings: object) =>
      Object.fromEntries(refusal(await save(settings)).details.errors.map((e: any) => [e.member, e.message]));
    expect(await problems({ name: 'welcome', slug: 'WELCOME' })).toEqual({
      name: "There is another page with the same 'Page name'.",
      slug: "There is another page with the same 'URL slug'.",
    });
    expect(await problems({ name: 'Job' })).toEqual({
      name: 'The Page name must be 4 to 80 characters long.',
    });
    expect(await problems({ slug: 'jobs list' })).toEqual({
      slug: 'The URL slug may only contain letters, digits, hyphens and underscores.',
    });
    // The new page is in the menu: it may not take a record as input.
    const menuInput = refusal(await save({}, headingPage('Jobs', { contextEntityTypeId: jobType })));
    expect(menuInput.details.errors.map((e: any) => e.message)).toEqual([
      'Pages in menu must not have Object as an input, move the page to Other pages',
    ]);
    const home = await load(welcomeId);
    const homeInput = refusal(
      await t.admin.post(`${PAGES}/${welcomeId}`, {
        revision: home.revision,
        content: headingPage('Hi', { contextEntityTypeId: jobType }),
      }),
    );
    expect(homeInput.details.errors.map((e: any) => e.message)).toEqual([
      'Home pages must not have Object as an input',
    ]);
    expect((await load(jobs.id)).revision).toBe(jobs.revision);
  });

  it('puts a new page that takes a record in the other pages, with a slug of its own', async () => {
    const made = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: 'Jobs list',
      content: headingPage('Job', { contextEntityTypeId: jobType }),
    });
    // The name is taken: the spec's message; nothing is made.
    expect(refusal(made).details.errors).toEqual([
      { member: 'name', message: "There is another page with the same 'Page name'." },
    ]);
    const ok = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: 'Job details',
      content: headingPage('Job', { contextEntityTypeId: jobType }),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.content.contextEntityTypeId).toBe(jobType);
    const settings = (await t.admin.get(`${APPS}/${app.id}`)).body;
    expect(settings.menu.otherOrder).toContain(String(ok.body.id));
    expect(settings.menu.menuOrder).not.toContain(String(ok.body.id));
    expect(ok.body.app.revision).toBe(settings.revision);
  });

  it('makes a form page the default edit form of its type only when the type has none', async () => {
    const form = (name: string) =>
      t.admin.post(`${APPS}/${sysRecord.sharedApp}/pages`, {
        name,
        type: 'singleRecordEdit',
        content: headingPage(name, { contextEntityTypeId: jobType }),
      });
    const first = await form('Job form');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.isDefaultEditRecordPage).toBe(true);
    const second = await form('Job form two');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.isDefaultEditRecordPage).toBe(false);
    // Saving the second again does not take it over either.
    const saved = await t.admin.post(`${PAGES}/${second.body.id}`, {
      revision: second.body.revision,
      content: headingPage('Job form two', { contextEntityTypeId: jobType }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.isDefaultEditRecordPage).toBe(false);
    const recordPage = await t.admin.get(`/spapi/data/v1/types/${jobType}/recordPage`);
    expect(recordPage.body.page.id).toBe(first.body.id);
  });

  it("keeps a form page's alternates only among the app's pages of its Object, and the runner uses them", async () => {
    const make = (name: string, type: 'singleRecordEdit' | 'singleRecordMultistepEdit') =>
      t.admin.post(`${APPS}/${app.id}/pages`, {
        name,
        type,
        content: headingPage(name, { contextEntityTypeId: jobType }),
      });
    const [form, steps, quick] = [
      (await make('Job card', 'singleRecordEdit')).body,
      (await make('New job steps', 'singleRecordMultistepEdit')).body,
      (await make('Quick job card', 'singleRecordEdit')).body,
    ];
    const save = (alternates: Record<string, number | null>, page = form) =>
      t.admin.post(`${PAGES}/${page.id}`, {
        revision: page.revision,
        settings: alternates,
        content: headingPage(page.settings.name, { contextEntityTypeId: jobType }),
      });
    // A multistep page is not an edit page, nor the other way round; nothing is stored.
    const wrong = refusal(
      await save({ alternateMultistepPageId: quick.id, alternateEditRecordPageId: steps.id }),
    );
    expect(wrong.details.errors).toEqual([
      { member: 'alternateMultistepPageId', message: alternateMessages.multistep },
      { member: 'alternateEditRecordPageId', message: alternateMessages.edit },
    ]);
    expect((await load(form.id)).settings.alternateMultistepPageId).toBeNull();
    // A page that is not a form page has none.
    expect(refusal(await save({ alternateMultistepPageId: steps.id }, steps)).message).toBe(
      alternateMessages.onlyFormPages,
    );
    const saved = await save({ alternateMultistepPageId: steps.id, alternateEditRecordPageId: quick.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({
      alternateMultistepPageId: steps.id,
      alternateEditRecordPageId: quick.id,
    });
    const shown = await t.admin.get(`/spapi/data/v1/pages/${form.id}?preview=1`);
    expect(shown.body).toMatchObject({
      alternateMultistepPageId: steps.id,
      alternateEditRecordPageId: quick.id,
    });
    // The form page then loses its input: its alternates no longer fit, and the save is refused.
    const noInput = await t.admin.post(`${PAGES}/${form.id}`, {
      revision: saved.body.revision,
      content: headingPage('Job card'),
    });
    expect(refusal(noInput).message).toBe(alternateMessages.multistep);
  });

  it('refuses a save over a version someone else saved since it was loaded (409), losing neither', async () => {
    const other = await t.addUser('bea', [sysRecord.administratorsRole]);
    expect(other).toBeGreaterThan(0);
    const bea = await t.login('bea', ADMIN_PASSWORD);
    const mine = await load(welcomeId);
    const hers = await load(welcomeId, bea);
    const herSave = await bea.post(`${PAGES}/${welcomeId}`, {
      revision: hers.revision,
      content: headingPage("Bea's heading"),
    });
    expect(herSave.status).toBe(200);
    const mySave = await t.admin.post(`${PAGES}/${welcomeId}`, {
      revision: mine.revision,
      settings: { description: 'Mine' },
      content: headingPage('My heading'),
    });
    const error = refusal(mySave, 409);
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      "bea saved the page 'Welcome' after you opened it, so your changes were not saved. Nothing was overwritten: reload the page to see their changes, or keep yours on screen and save them as a new page.",
    );
    expect(error.details).toMatchObject({ revision: herSave.body.revision, modifiedBy: 'bea' });
    // Hers is kept whole; mine changed nothing.
    const stored = await load(welcomeId);
    expect(stored.content.components[0].properties.text).toBe("Bea's heading");
    expect(stored.settings.description).toBe(mine.settings.description);
    // A publish over the stale revision is refused too.
    expect(
      refusal(await t.admin.post(`${PAGES}/${welcomeId}/publish`, { revision: mine.revision }), 409).code,
    ).toBe('conflict');
    // Mine is kept as a new page, and hers stays.
    const copy = await t.admin.post(`${APPS}/${app.id}/pages`, {
      name: 'Welcome (my changes)',
      content: headingPage('My heading'),
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((await load(copy.body.id)).content.components[0].properties.text).toBe('My heading');
    expect((await load(welcomeId)).content.components[0].properties.text).toBe("Bea's heading");
    // After reloading, a save goes through.
    const again = await t.admin.post(`${PAGES}/${welcomeId}`, {
      revision: stored.revision,
      content: headingPage('Both of us'),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('lets only one of two saves over the same revision through, at the same moment', async () => {
    const page = await load(welcomeId);
    const answers = await Promise.all(
      ['One', 'Two'].map((text) =>
        t.admin.post(`${PAGES}/${welcomeId}`, { revision: page.revision, content: headingPage(text) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await load(welcomeId)).content).toEqual(winner.body.content);
  });

  it('answers only administrators', async () => {
    const role = await createRole(t.admin, 'Builders-not', []);
    await t.addUser('nina', [role]);
    const nina = await t.login('nina', ADMIN_PASSWORD);
    const page = await load(welcomeId);
    const calls: Array<[string, unknown?]> = [
      [`${PAGES}/${welcomeId}`],
      [`${PAGES}/${welcomeId}`, { revision: page.revision, content: headingPage('Hacked') }],
      [`${PAGES}/${welcomeId}/publish`, { revision: page.revision }],
      [`${APPS}/${app.id}/pages`, { name: 'Sneaky page' }],
    ];
    for (const [url, body] of calls) {
      const res = body === undefined ? await nina.get(url) : await nina.post(url, body);
      expect(res.status, url).toBe(403);
    }
    expect((await load(welcomeId)).revision).toBe(page.revision);
  });

  it('says when the page is not there', async () => {
    const none = await t.admin.get(`${PAGES}/987654`);
    expect(refusal(none, 404).message).toBe('The page was not found.');
    const save = await t.admin.post(`${PAGES}/987654`, { revision: 1, content: headingPage('x') });
    expect(refusal(save, 404).message).toBe('The page was not found.');
  });

  it("answers another tenant's administrator as if the page and app were not there", async () => {
    const { admin: stranger } = await t.addTenant('globex');
    const page = await load(welcomeId);
    expect(refusal(await stranger.get(`${PAGES}/${welcomeId}`), 404).message).toBe('The page was not found.');
    const save = await stranger.post(`${PAGES}/${welcomeId}`, {
      revision: page.revision,
      content: headingPage('x'),
    });
    expect(refusal(save, 404).message).toBe('The page was not found.');
    for (const url of [`${PAGES}/${welcomeId}/publish`, `${PAGES}/${welcomeId}/delete`])
      expect((await stranger.post(url, { revision: page.revision })).status).toBe(404);
    expect((await stranger.post(`${PAGES}/${welcomeId}/duplicate`, {})).status).toBe(404);
    expect(refusal(await stranger.get(`${APPS}/${app.id}`), 404).message).toBe('The app was not found.');
    expect((await stranger.post(`${APPS}/${app.id}/pages`, { name: 'Foreign page' })).status).toBe(404);
    expect((await stranger.get(APPS)).body.apps.map((a: any) => a.id)).not.toContain(app.id);
    expect((await load(welcomeId)).revision).toBe(page.revision);
  });
});
