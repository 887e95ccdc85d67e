import {
  type AppSettingsResponse,
  type BuilderPageResponse,
  type BuilderPageSettings,
  newPageContent,
  type PageVersionContent,
} from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedPagesOf } from './appPageIssues';
import { type BuilderApi, builderApi } from './builderApi';
import { editOf, type PageEdit } from './builderPages';
import { builderServerHarness } from './builderServerHarness';
import { PageValidationTab } from './PageValidationTab';
import { useAppPageIssues } from './useAppPageIssues';

const heading = (id: string, name = 'Heading') => ({
  component: { id, name, typeAlias: 'core:headingComponent', properties: { text: 'Hi' } },
});

/** The crm app of the harness, with pages added to it as the server stores them. */
function crmApp() {
  const server = builderServerHarness();
  const app = [...server.apps.values()].find((a) => a.settings.slug === 'crm')!;
  const welcome = server.pages.get(app.settings.defaultPageId!)!;
  let nextId = 70_000;
  const addPage = (
    name: string,
    slug: string,
    content: PageVersionContent,
    {
      list = 'other',
      type = 'default',
    }: { list?: 'menu' | 'other'; type?: BuilderPageSettings['type'] } = {},
  ): BuilderPageResponse => {
    const id = nextId++;
    const page: BuilderPageResponse = {
      ...welcome,
      id,
      isDefaultPage: false,
      settings: { ...welcome.settings, name, slug, type },
      content,
    };
    server.pages.set(id, page);
    app.pages = [
      ...app.pages,
      { id, name, slug, type, contextEntityTypeId: content.contextEntityTypeId, revision: page.revision },
    ];
    const key = list === 'menu' ? 'menuOrder' : 'otherOrder';
    app.menu = { ...app.menu, [key]: [...app.menu[key], String(id)] };
    return page;
  };
  return { server, app, welcome, addPage, api: builderApi(server.api) };
}

function Validation(props: {
  api: BuilderApi;
  app: AppSettingsResponse;
  openPageId: number;
  openEdit: PageEdit;
  shared?: boolean;
}) {
  const issues = useAppPageIssues(props);
  return (
    <>
      <PageValidationTab
        appSlug={props.app.settings.slug}
        issues={props.shared ? { ...issues, pages: sharedPagesOf(issues.pages) } : issues}
        label={props.shared ? 'Issues in shared pages' : undefined}
      />
      <output aria-label="Shared pages have issues">{String(issues.hasSharedPageIssues)}</output>
    </>
  );
}

const region = (name = 'Page validation') => screen.getByRole('region', { name });
const issuesOf = (page: string) =>
  within(screen.getByRole('list', { name: `Issues in ${page}` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const loaded = () => waitFor(() => expect(region()).toHaveAttribute('aria-busy', 'false'));

describe('the Page Validation tab (spec 01 §2, §5)', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it("says 'No issues' when every page of the app keeps the rules", async () => {
    const { app, welcome, addPage, api } = crmApp();
    addPage('Accounts', 'accounts', newPageContent([heading('list')]), { list: 'menu' });
    addPage('Account form', 'accountform', newPageContent([heading('h')], { contextEntityTypeId: 3001 }), {
      type: 'singleRecordEdit',
    });
    render(<Validation api={api} app={app} openPageId={welcome.id} openEdit={welcome} />);
    await loaded();
    expect(within(region()).getByText('No issues')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Shared pages have issues' })).toHaveTextContent('false');
  });

  it('lists the issues of every page, grouped by page, naming the setting, variable or component', async () => {
    const { server, app, welcome, addPage, api } = crmApp();
    const twice = newPageContent([heading('a', 'Title'), heading('b', 'Subtitle')]);
    twice.components[1]!.id = 'a';
    twice.configuration.root.elements[1]!.id = 'a';
    twice.variables = [{ name: 'Count', type: 'Int32', isList: false, value: 'many' }];
    addPage('Accounts', 'accounts', twice, { list: 'menu' });
    addPage('Account view', 'accountview', newPageContent([], { contextEntityTypeId: 3001 }), {
      list: 'menu',
    });
    addPage('Fine page', 'fine', newPageContent([heading('h')]));
    // The open page as edited: a name another page has.
    const openEdit = { settings: { ...welcome.settings, name: 'Accounts' }, content: welcome.content };
    render(<Validation api={api} app={app} openPageId={welcome.id} openEdit={openEdit} />);
    await loaded();
    // Each page with issues once, in the File tab's order; the clean one not at all.
    expect(
      within(region())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Accounts', 'Accounts', 'Account view']);
    expect(issuesOf('Account view')).toEqual([
      'Page settings: Page input (Page input validation) Pages in menu must not have Object as an input, move the page to Other pages',
    ]);
    const [open, stored] = screen.getAllByRole('list', { name: 'Issues in Accounts' });
    expect(
      within(open!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "Page settings: Page name (Failing ID validation) There is another page with the same 'Page name'.",
    ]);
    expect(
      within(stored!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "Component 'Subtitle' (a) Another component already has this Id.",
      "Page variable 'Count' The value is not a valid number.",
    ]);
    // Every page but the open one was read through the builder api.
    const reads = server.requests.filter((r) => r.method === 'GET' && /\/pages\/\d+$/.test(r.path));
    expect(reads.map((r) => Number(r.path.split('/').pop())).sort()).toEqual(
      app.pages
        .filter((p) => p.id !== welcome.id)
        .map((p) => p.id)
        .sort(),
    );
    expect(screen.queryByRole('link', { name: 'Open Welcome' })).toBeNull();
    expect(within(region()).getByText('Open')).toBeInTheDocument();
  });

  it('reads a page again only when its revision moved on, or when it was the page open', async () => {
    const { server, app, welcome, addPage, api } = crmApp();
    const accounts = addPage('Accounts', 'accounts', newPageContent([heading('a', 'Title')]));
    addPage('Fine page', 'fine', newPageContent([heading('h')]));
    const reads = () =>
      server.requests
        .filter((r) => r.method === 'GET' && /\/pages\/\d+$/.test(r.path))
        .map((r) => Number(r.path.split('/').pop()));
    const { rerender } = render(
      <Validation api={api} app={app} openPageId={welcome.id} openEdit={editOf(welcome)} />,
    );
    await loaded();
    expect(reads()).toHaveLength(2);
    // Another page opens: only the page left is read, the others are as they were.
    rerender(<Validation api={api} app={app} openPageId={accounts.id} openEdit={editOf(accounts)} />);
    await waitFor(() => expect(reads()).toHaveLength(3));
    await loaded();
    expect(reads().at(-1)).toBe(welcome.id);
    // Someone saves the fine page: the app's list shows its new revision, and only it is read again.
    const fine = app.pages.find((p) => p.slug === 'fine')!;
    const moved = {
      ...app,
      pages: app.pages.map((p) => (p === fine ? { ...p, revision: (p.revision ?? 1) + 1 } : p)),
    };
    server.pages.get(fine.id)!.revision = (fine.revision ?? 1) + 1;
    rerender(<Validation api={api} app={moved} openPageId={accounts.id} openEdit={editOf(accounts)} />);
    await waitFor(() => expect(reads()).toHaveLength(4));
    expect(reads().at(-1)).toBe(fine.id);
  });

  it('opens a page with issues from its link', async () => {
    const { app, welcome, addPage, api } = crmApp();
    addPage('Account view', 'accountview', newPageContent([], { contextEntityTypeId: 3001 }), {
      list: 'menu',
    });
    const user = userEvent.setup();
    render(<Validation api={api} app={app} openPageId={welcome.id} openEdit={welcome} />);
    await loaded();
    const link = screen.getByRole('link', { name: 'Open Account view' });
    expect(link).toHaveAttribute('href', '/admin/apps/crm/accountview');
    await user.click(link);
    expect(window.location.pathname).toBe('/admin/apps/crm/accountview');
  });

  it('follows the open page’s unsaved edit as it changes', async () => {
    const { app, welcome, api } = crmApp();
    const withInput = { ...welcome, content: { ...welcome.content, contextEntityTypeId: 3001 } };
    const { rerender } = render(
      <Validation api={api} app={app} openPageId={welcome.id} openEdit={withInput} />,
    );
    await loaded();
    expect(issuesOf('Welcome')).toEqual([
      'Page settings: Page input (Page input validation) Home pages must not have Object as an input',
    ]);
    rerender(<Validation api={api} app={app} openPageId={welcome.id} openEdit={welcome} />);
    expect(within(region()).getByText('No issues')).toBeInTheDocument();
  });

  it('tells when a shared page has issues, and lists only those for the shared pages tab', async () => {
    const { app, welcome, addPage, api } = crmApp();
    const form = newPageContent([heading('a', 'Name'), heading('b', 'Also name')], {
      contextEntityTypeId: 3001,
    });
    form.components[1]!.id = 'a';
    form.configuration.root.elements[1]!.id = 'a';
    addPage('Account form', 'accountform', form, { type: 'singleRecordEdit' });
    addPage('Account view', 'accountview', newPageContent([], { contextEntityTypeId: 3001 }), {
      list: 'menu',
    });
    render(<Validation api={api} app={app} openPageId={welcome.id} openEdit={welcome} shared />);
    await waitFor(() => expect(region('Issues in shared pages')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('status', { name: 'Shared pages have issues' })).toHaveTextContent('true');
    expect(
      within(region('Issues in shared pages'))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Account form']);
    expect(issuesOf('Account form')).toEqual([
      "Component 'Also name' (a) Another component already has this Id.",
    ]);
  });

  it('says which pages could not be checked', async () => {
    const { server, app, welcome, addPage, api } = crmApp();
    const gone = addPage('Gone page', 'gone', newPageContent());
    server.pages.delete(gone.id);
    render(<Validation api={api} app={app} openPageId={welcome.id} openEdit={welcome} />);
    await loaded();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Gone page could not be checked: The page was not found.',
    );
    // The alert holds a real list: its entries are list items to a screen reader.
    const notChecked = within(screen.getByRole('alert')).getByRole('list', { name: 'Pages not checked' });
    expect(
      within(notChecked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gone page could not be checked: The page was not found.']);
    expect(within(region()).queryByText('No issues')).toBeNull();
  });
});
