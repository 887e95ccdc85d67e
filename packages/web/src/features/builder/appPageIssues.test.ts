import { type AppSettingsResponse, type BuilderPageResponse, newPageContent } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { appPageIssues, hasSharedPageIssues, sharedPagesOf } from './appPageIssues';
import { builderServerHarness } from './builderServerHarness';

/** The harness's crm app with a form page and a list page, both in the other pages. */
function crm() {
  const server = builderServerHarness();
  const app = [...server.apps.values()].find((a) => a.settings.slug === 'crm')! as AppSettingsResponse;
  const welcome = server.pages.get(app.settings.defaultPageId!)!;
  const page = (id: number, name: string, type: 'default' | 'singleRecordEdit', input: number | null) => {
    const read: BuilderPageResponse = {
      ...welcome,
      id,
      isDefaultPage: false,
      settings: { ...welcome.settings, name, slug: name.toLowerCase().replace(' ', ''), type },
      content: newPageContent([], { contextEntityTypeId: input }),
    };
    app.pages = [...app.pages, { id, name, slug: read.settings.slug, type, contextEntityTypeId: input }];
    return read;
  };
  const form = page(90_001, 'Account form', 'singleRecordEdit', 3001);
  const list = page(90_002, 'Accounts', 'default', null);
  app.menu = {
    ...app.menu,
    menuOrder: [...app.menu.menuOrder, String(list.id)],
    otherOrder: [String(form.id)],
  };
  return { app, welcome, form, list };
}

describe("the issues of the app's pages", () => {
  it('checks the open page as edited and the others as read, in the File tab’s order', () => {
    const { app, welcome, form, list } = crm();
    const loaded = new Map([
      [form.id, form],
      [list.id, list],
    ]);
    const edit = { settings: { ...welcome.settings, name: 'Hi' }, content: welcome.content };
    const pages = appPageIssues(app, app.menu, loaded, { id: welcome.id, edit });
    expect(pages.map((p) => [p.name, p.isOpen, p.issues.map((i) => i.message)])).toEqual([
      ['Hi', true, ['The Page name must be 4 to 80 characters long.']],
      ['Accounts', false, []],
      ['Account form', false, []],
    ]);
  });

  it('leaves out pages not read yet, and judges the menu as edited', () => {
    const { app, welcome, form } = crm();
    // The form page moved to the menu in the builder, not yet saved.
    const menu = { ...app.menu, menuOrder: [...app.menu.menuOrder, String(form.id)], otherOrder: [] };
    const pages = appPageIssues(app, menu, new Map([[form.id, form]]), { id: welcome.id, edit: welcome });
    expect(pages.map((p) => p.name)).toEqual(['Welcome', 'Account form']);
    expect(pages[1]!.issues.map((i) => i.message)).toEqual([
      'Pages in menu must not have Object as an input, move the page to Other pages',
    ]);
    expect(sharedPagesOf(pages).map((p) => p.name)).toEqual(['Account form']);
    expect(hasSharedPageIssues(pages)).toBe(true);
    expect(hasSharedPageIssues(appPageIssues(app, app.menu, new Map([[form.id, form]]), null))).toBe(false);
  });
});
