import type { AppSettingsResponse, MenuList } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { builderServerHarness } from './builderServerHarness';

type Harness = ReturnType<typeof builderServerHarness>;

/** A page of the app as the server would have it: a copy of Welcome with its own name and input. */
function seedPage(
  server: Harness,
  app: AppSettingsResponse,
  id: number,
  name: string,
  list: MenuList,
  input: number | null = null,
) {
  const welcome = server.pages.get(app.settings.defaultPageId ?? 0)!;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  server.pages.set(id, {
    ...welcome,
    id,
    isDefaultPage: false,
    settings: { ...welcome.settings, name, slug },
    content: { ...welcome.content, contextEntityTypeId: input },
  });
  app.pages.push({ id, name, slug, type: 'default', contextEntityTypeId: input });
  if (list === 'menu') app.menu.menuOrder.push(String(id));
  else app.menu.otherOrder.push(String(id));
}

/** The CRM app with Welcome and Accounts in the menu, and Job form (taking an Account) in the other pages. */
async function openFileTab() {
  window.history.pushState(null, '', '/admin/apps/crm/welcome');
  const server = builderServerHarness();
  const app = [...server.apps.values()].find((a) => a.settings.slug === 'crm')!;
  seedPage(server, app, 49_001, 'Accounts', 'menu');
  seedPage(server, app, 49_002, 'Job form', 'other', 3001);
  const user = userEvent.setup();
  render(<App client={server.api} />);
  await screen.findByRole('heading', { level: 1, name: /^Sales CRM/ });
  const fileTab = screen.getByRole('tab', { name: 'File' });
  if (fileTab.getAttribute('aria-selected') !== 'true') await user.click(fileTab);
  return { server, app, user };
}

const menuList = () => screen.getByRole('list', { name: 'Menu' });
const otherList = () => screen.getByRole('list', { name: 'Other pages' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
/** The page and folder names of a list, in order (a folder's pages after it). */
const namesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button', { name: /^Drag / })
    .map((b) => b.getAttribute('aria-label')!.replace(/^Drag /, ''));

async function addFolder(
  user: ReturnType<typeof userEvent.setup>,
  list: 'Menu' | 'Other pages',
  name: string,
) {
  await user.click(screen.getByRole('button', { name: `Add folder to ${list}` }));
  const dialog = await screen.findByRole('dialog', { name: `Add folder to ${list}` });
  await user.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Add folder' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function moveBy(user: ReturnType<typeof userEvent.setup>, item: string, action: string) {
  await user.click(screen.getByRole('button', { name: `Move ${item}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe("the builder's File tab", () => {
  beforeEach(() => localStorage.setItem('plinth.tenant', 'demo'));
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.pushState(null, '', '/');
  });

  it('lists the menu and the other pages with drag handles and Move menus', async () => {
    await openFileTab();
    expect(namesIn(menuList())).toEqual(['Welcome', 'Accounts']);
    expect(namesIn(otherList())).toEqual(['Job form']);
    expect(saveButton()).toBeDisabled();
  });

  it('adds a folder and moves a page into it: an unsaved change, saved after the page with the app revision', async () => {
    const { server, app, user } = await openFileTab();
    await addFolder(user, 'Menu', 'Customers');
    expect(namesIn(menuList())).toEqual(['Welcome', 'Accounts', 'folder Customers']);
    expect(within(menuList()).getByRole('list', { name: 'Folder Customers' })).toHaveTextContent(
      'No pages in this folder.',
    );
    await moveBy(user, 'Accounts', 'Move into folder Customers');
    expect(namesIn(within(menuList()).getByRole('list', { name: 'Folder Customers' }))).toEqual(['Accounts']);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();

    // The page changes too: Save writes the page, then the menu over the app's revision.
    const name = within(screen.getByRole('region', { name: 'Page settings' })).getByRole('textbox', {
      name: 'Page name',
    });
    await user.type(name, ' page');
    const before = server.requests.length;
    const revision = app.revision;
    await user.click(saveButton());
    expect(await screen.findByText('App was successfully saved')).toBeInTheDocument();
    const writes = server.requests.slice(before).filter((r) => r.method === 'POST');
    expect(writes.map((r) => r.path)).toEqual([
      `/spapi/admin/v1/pages/${app.settings.defaultPageId}`,
      `/spapi/admin/v1/apps/${app.id}`,
    ]);
    expect(writes[1]?.body).toEqual({
      revision,
      menu: {
        menuOrder: [String(app.settings.defaultPageId), 'folder-customers'],
        menuFolders: [{ id: 'folder-customers', text: 'Customers', childOrder: ['49001'] }],
        otherOrder: ['49002'],
        otherFolders: [],
      },
    });
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(namesIn(menuList())).toEqual(['Welcome page', 'folder Customers', 'Accounts']);
  });

  it('saves a menu-only change without writing the page, and a page-only change without writing the app', async () => {
    const { server, app, user } = await openFileTab();
    await moveBy(user, 'Accounts', 'Move up');
    expect(namesIn(menuList())).toEqual(['Accounts', 'Welcome']);
    let before = server.requests.length;
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(
      server.requests
        .slice(before)
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual([`/spapi/admin/v1/apps/${app.id}`]);
    await waitFor(() => expect(saveButton()).toBeDisabled());

    const name = within(screen.getByRole('region', { name: 'Page settings' })).getByRole('textbox', {
      name: 'Page name',
    });
    await user.type(name, ' page');
    before = server.requests.length;
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(
      server.requests
        .slice(before)
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual([`/spapi/admin/v1/pages/${app.settings.defaultPageId}`]);
  });

  it("refuses a page taking an Object as input in the menu with spec 01 §5's message", async () => {
    const { user } = await openFileTab();
    await moveBy(user, 'Job form', 'Move to Menu');
    expect(
      await screen.findByText('Pages in menu must not have Object as an input, move the page to Other pages'),
    ).toBeInTheDocument();
    expect(namesIn(otherList())).toEqual(['Job form']);
    expect(saveButton()).toBeDisabled();
    // In a folder of the menu neither; in a folder of the other pages it may go.
    await addFolder(user, 'Menu', 'Work');
    await addFolder(user, 'Other pages', 'Forms');
    await moveBy(user, 'Job form', 'Move into folder Work');
    expect(
      await screen.findAllByText(
        'Pages in menu must not have Object as an input, move the page to Other pages',
      ),
    ).not.toHaveLength(0);
    await moveBy(user, 'Job form', 'Move into folder Forms');
    expect(namesIn(otherList())).toEqual(['folder Forms', 'Job form']);
  });

  it('renames a folder, and deletes one leaving its pages in the list', async () => {
    const { user } = await openFileTab();
    await addFolder(user, 'Menu', 'Customers');
    await moveBy(user, 'Accounts', 'Move into folder Customers');
    await moveBy(user, 'Welcome', 'Move into folder Customers');
    await user.click(screen.getByRole('button', { name: 'Rename folder Customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' });
    const box = within(dialog).getByRole('textbox', { name: 'Folder name' });
    await user.clear(box);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByText('Give the folder a name.')).toBeInTheDocument();
    await user.type(box, 'Clients');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(namesIn(menuList())).toEqual(['folder Clients', 'Accounts', 'Welcome']);
    await user.click(screen.getByRole('button', { name: 'Delete folder Clients' }));
    expect(namesIn(menuList())).toEqual(['Accounts', 'Welcome']);
  });

  it("shows the app's conflict as the page's: nothing is lost, and reloading reads the saved app", async () => {
    const { server, user } = await openFileTab();
    await moveBy(user, 'Accounts', 'Move to Other pages');
    server.conflictOnNextSave();
    await user.click(saveButton());
    expect(
      await screen.findByText(
        /^bea saved the app 'Sales CRM' after you opened it, so your changes were not saved\./,
      ),
    ).toBeInTheDocument();
    expect(namesIn(otherList())).toEqual(['Job form', 'Accounts']);
    expect(saveButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Reload the saved page' }));
    await waitFor(() => expect(namesIn(menuList())).toEqual(['Welcome', 'Accounts']));
    expect(saveButton()).toBeDisabled();
  });

  it('asks before leaving a menu change', async () => {
    const { user } = await openFileTab();
    await moveBy(user, 'Accounts', 'Move up');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('link', { name: /^Accounts/ }));
    expect(confirm).toHaveBeenCalledWith(
      'There are unsaved changes, are you sure you wish to leave the page?',
    );
    expect(window.location.pathname).toBe('/admin/apps/crm/welcome');
  });
});
