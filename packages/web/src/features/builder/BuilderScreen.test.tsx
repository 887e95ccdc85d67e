import { toast } from '@plinth/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { pageLists } from './builderPages';
import { builderServerHarness } from './builderServerHarness';

const settingsPanel = () => screen.getByRole('region', { name: 'Page settings' });
const field = (label: string) => within(settingsPanel()).getByRole('textbox', { name: label });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function openBuilder(path: string) {
  window.history.pushState(null, '', path);
  const server = builderServerHarness();
  const user = userEvent.setup();
  render(<App client={server.api} />);
  await screen.findByRole('heading', { level: 1, name: /^Sales CRM/ });
  return { server, user };
}

describe('the page builder', () => {
  beforeEach(() => {
    window.history.pushState(null, '', '/');
    localStorage.setItem('plinth.tenant', 'demo');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.pushState(null, '', '/');
  });

  it("opens an app from the Apps list at its default page, with spec 01 §2's tabs and the page as the runner renders it", async () => {
    window.history.pushState(null, '', '/admin/apps');
    const server = builderServerHarness();
    const user = userEvent.setup();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('link', { name: 'Open Sales CRM' }));
    await screen.findByRole('heading', { level: 1, name: /^Sales CRM/ });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/crm/welcome'));
    const tabs = screen.getByRole('tablist', { name: 'Builder' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Components', 'Layout', 'File', 'Page Validation', 'Form page']);
    expect(screen.getByRole('tab', { name: 'Components' })).toHaveAttribute('aria-selected', 'true');
    // Issues in shared pages stays hidden: there are none.
    expect(screen.queryByRole('tab', { name: 'Issues in shared pages' })).toBeNull();
    // The centre is the page's layout: the Welcome page's heading as a card with its text.
    const canvas = screen.getByRole('region', { name: 'Page layout' });
    expect(within(canvas).getByText('Welcome to Sales CRM')).toBeInTheDocument();
    expect(field('Page name')).toHaveValue('Welcome');
    expect(field('URL slug')).toHaveValue('welcome');
    // Nothing changed: Save is disabled; Preview opens the draft in the runner.
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/#/demo/0/apprunner?app=crm&page=welcome&preview=1',
    );
    await user.click(screen.getByRole('tab', { name: 'Components' }));
    expect(screen.getByText('Horizontal container')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Layout' }));
    const layout = screen.getByRole('tabpanel', { name: 'Layout' });
    expect(within(layout).getByRole('button', { name: 'Heading' })).toBeInTheDocument();
  });

  it('keeps a change made while the save was on its way, as an unsaved change', async () => {
    window.history.pushState(null, '', '/admin/apps/crm/welcome');
    const server = builderServerHarness();
    const call = server.api.call.bind(server.api);
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.spyOn(server.api, 'call').mockImplementation((async (...args: Parameters<typeof call>) => {
      if (args[0] === 'POST' && /\/pages\/\d+$/.test(args[1])) await held;
      return call(...args);
    }) as typeof call);
    const user = userEvent.setup();
    render(<App client={server.api} />);
    await screen.findByRole('heading', { level: 1, name: /^Sales CRM/ });
    await user.type(field('Page name'), ' page');
    await user.click(saveButton());
    // While the save is on its way, a grid is added to the page.
    await user.click(within(screen.getByRole('tabpanel', { name: 'Components' })).getByText('Grid'));
    const canvas = screen.getByRole('region', { name: 'Page layout' });
    expect(await within(canvas).findByRole('button', { name: 'Grid' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('App was successfully saved')).toBeInTheDocument();
    expect(within(canvas).getByRole('button', { name: 'Grid' })).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    act(() => toast.clearAll());
  });

  it("shows spec 01 §5's name and slug messages as they are typed and blocks the save", async () => {
    const { server, user } = await openBuilder('/admin/apps/crm/welcome');
    const app = [...server.apps.values()].find((a) => a.settings.slug === 'crm')!;
    await user.click(screen.getByRole('tab', { name: 'File' }));
    await user.click(screen.getByRole('button', { name: 'Add page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add page' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Page name' }), 'Accounts');
    expect(within(dialog).getByRole('textbox', { name: 'URL slug' })).toHaveValue('accounts');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(await screen.findByText("'Accounts' was added.")).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/crm/accounts'));
    await waitFor(() => expect(field('Page name')).toHaveValue('Accounts'));
    expect(app.pages.map((p) => p.name)).toEqual(['Welcome', 'Accounts']);

    await user.clear(field('Page name'));
    await user.type(field('Page name'), 'Abc');
    expect(screen.getByText('The Page name must be 4 to 80 characters long.')).toBeInTheDocument();
    await user.clear(field('Page name'));
    await user.type(field('Page name'), 'welcome');
    expect(screen.getByText("There is another page with the same 'Page name'.")).toBeInTheDocument();
    await user.clear(field('URL slug'));
    await user.type(field('URL slug'), 'WELCOME');
    expect(screen.getByText("There is another page with the same 'URL slug'.")).toBeInTheDocument();
    const saves = server.requests.length;
    await user.click(saveButton());
    expect(
      await screen.findByText(
        'Page name must not have validation errors. Please correct the Page name before proceeding.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'URL slug must not have validation errors. Please correct the URL slug before proceeding.',
      ),
    ).toBeInTheDocument();
    expect(server.requests.length).toBe(saves);
  });

  it("saves the draft with 'App was successfully saved', then publishes it; Save is disabled again", async () => {
    const { server, user } = await openBuilder('/admin/apps/crm/welcome');
    await user.clear(field('Page name'));
    await user.type(field('Page name'), 'Home page');
    await user.clear(field('URL slug'));
    await user.type(field('URL slug'), 'home');
    await user.click(within(settingsPanel()).getByRole('checkbox', { name: 'Show the title bar' }));
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    expect(await screen.findByText('App was successfully saved')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/crm/home'));
    await waitFor(() => expect(saveButton()).toBeDisabled());
    const stored = [...server.pages.values()].find((p) => p.settings.slug === 'home')!;
    expect(stored.settings.name).toBe('Home page');
    expect(stored.content.titleBar.pageShowTitleBar).toBe(true);
    expect(stored.hasDraft).toBe(true);
    // With the title bar shown the preview opens in view mode (spec 01 §2).
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/#/demo/0/apprunner?app=crm&page=home&preview=1&formMode=view',
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The page was published: the runner shows it now.')).toBeInTheDocument();
    expect(stored.hasDraft).toBe(false);
    // Changing a value back to the bookmark's is no change.
    await user.type(field('Page name'), 'x');
    expect(saveButton()).toBeEnabled();
    await user.type(field('Page name'), '{Backspace}');
    expect(saveButton()).toBeDisabled();
  });

  it("refuses a save over someone else's with the server's message; the changes stay on screen", async () => {
    const { server, user } = await openBuilder('/admin/apps/crm/welcome');
    server.conflictOnNextPageSave();
    await user.clear(field('Page name'));
    await user.type(field('Page name'), 'My welcome');
    await user.click(saveButton());
    await screen.findByText(/bea saved the page/);
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Reload the saved page'))!;
    expect(alert).toHaveTextContent(
      "bea saved the page 'Welcome' after you opened it, so your changes were not saved.",
    );
    expect(field('Page name')).toHaveValue('My welcome');
    expect(saveButton()).toBeEnabled();
    expect([...server.pages.values()].find((p) => p.settings.slug === 'welcome')!.settings.name).toBe(
      'Welcome',
    );
    await user.click(within(alert).getByRole('button', { name: 'Reload the saved page' }));
    await waitFor(() => expect(field('Page name')).toHaveValue('Welcome'));
    expect(screen.queryByRole('button', { name: 'Reload the saved page' })).toBeNull();
  });

  it('keeps the changes refused by a conflict as a new page of the app, and opens it', async () => {
    const { server, user } = await openBuilder('/admin/apps/crm/welcome');
    server.conflictOnNextPageSave();
    await user.click(screen.getByRole('checkbox', { name: 'Show the title bar' }));
    await user.type(field('Description'), 'For the new team');
    await user.click(saveButton());
    await user.click(await screen.findByRole('button', { name: 'Save as a new page' }));
    await waitFor(() => expect(field('Page name')).toHaveValue('Welcome (copy)'));
    const copy = [...server.pages.values()].find((p) => p.settings.name === 'Welcome (copy)')!;
    expect(window.location.pathname).toBe(`/admin/apps/crm/${copy.settings.slug}`);
    expect(copy.content.titleBar.pageShowTitleBar).toBe(true);
    expect(copy.settings.description).toBe('For the new team');
    const welcome = [...server.pages.values()].find((p) => p.settings.slug === 'welcome')!;
    expect(welcome.content.titleBar.pageShowTitleBar).toBe(false);
    expect(screen.queryByRole('button', { name: 'Save as a new page' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Show the title bar' })).toBeChecked();
  });

  it("opens the page grid's properties from the page settings, and back", async () => {
    const { user } = await openBuilder('/admin/apps/crm/welcome');
    await user.click(within(settingsPanel()).getByRole('button', { name: 'Page grid properties' }));
    const panel = await screen.findByRole('region', { name: 'Grid properties' });
    expect(within(panel).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(settingsPanel()).toBeInTheDocument();
  });

  it('asks before leaving unsaved changes, and stays when the answer is no', async () => {
    const { user } = await openBuilder('/admin/apps/crm/welcome');
    await user.click(screen.getByRole('tab', { name: 'File' }));
    await user.click(screen.getByRole('button', { name: 'Add page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add page' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Page name' }), 'Accounts');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(field('Page name')).toHaveValue('Accounts'));
    await user.type(field('Page name'), ' list');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('tab', { name: 'File' }));
    await user.click(screen.getByRole('link', { name: /^Welcome/ }));
    expect(confirm).toHaveBeenCalledWith(
      'There are unsaved changes, are you sure you wish to leave the page?',
    );
    expect(window.location.pathname).toBe('/admin/apps/crm/accounts');
    expect(field('Page name')).toHaveValue('Accounts list');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: /^Welcome/ }));
    await waitFor(() => expect(field('Page name')).toHaveValue('Welcome'));
  });

  it("duplicates a page in its app and to another app, and deletes one with spec 01 §4's messages", async () => {
    const { server, user } = await openBuilder('/admin/apps/crm/welcome');
    await user.click(screen.getByRole('tab', { name: 'File' }));
    await user.click(screen.getByRole('button', { name: 'Duplicate Welcome' }));
    let dialog = await screen.findByRole('dialog', { name: 'Duplicate Welcome' });
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Welcome was duplicated')).toBeInTheDocument();
    const menu = await screen.findByRole('list', { name: 'Menu' });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['⠿WelcomeDefaultDuplicateDeleteMove', '⠿Welcome 2DuplicateDeleteMove']),
    );

    await user.click(screen.getByRole('button', { name: 'Duplicate Welcome 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Duplicate Welcome 2' });
    await user.click(within(dialog).getByRole('button', { name: /Copy to app/ }));
    await user.click(await screen.findByRole('option', { name: 'Field Service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(
      await screen.findByText("'Welcome 2' was succesfully copied to the 'Field Service' app's other pages."),
    ).toBeInTheDocument();
    const field = [...server.apps.values()].find((a) => a.settings.slug === 'field')!;
    expect(field.pages.map((p) => p.name)).toEqual(['Welcome', 'Welcome 2']);

    await user.click(screen.getByRole('button', { name: 'Delete Welcome 2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete page' });
    expect(confirm).toHaveTextContent("Are you sure that you want to delete page 'Welcome 2'?");
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Page deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Welcome 2' })).toBeNull());
  });
});

describe('the File tab lists', () => {
  const page = (id: number, name: string) => ({
    id,
    name,
    slug: name.toLowerCase(),
    type: 'default' as const,
    contextEntityTypeId: null,
  });
  it("follow the app's menu order, its folders, then the other pages; unordered pages come last", () => {
    const lists = pageLists(
      {
        menuOrder: ['2', 'reports', '1'],
        menuFolders: [{ id: 'reports', text: 'Reports', childOrder: ['3', '99'] }],
        otherOrder: ['4'],
        otherFolders: [],
      },
      [page(1, 'Home'), page(2, 'Jobs'), page(3, 'Sales'), page(4, 'Job form'), page(5, 'Loose')],
    );
    expect(lists.menu).toEqual([
      { kind: 'page', page: page(2, 'Jobs') },
      { kind: 'folder', id: 'reports', text: 'Reports', pages: [page(3, 'Sales')] },
      { kind: 'page', page: page(1, 'Home') },
    ]);
    expect(lists.other).toEqual([
      { kind: 'page', page: page(4, 'Job form') },
      { kind: 'page', page: page(5, 'Loose') },
    ]);
  });
});
