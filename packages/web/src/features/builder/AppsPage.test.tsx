import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { adminMe } from '../admin/adminServerHarness';
import { builderServerHarness } from './builderServerHarness';

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the Apps screen', () => {
  beforeEach(() => window.history.pushState(null, '', '/admin/apps'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it("lists the tenant's apps with slug, enabled and anonymous access, and searches them", async () => {
    const user = userEvent.setup();
    const server = builderServerHarness();
    render(<App client={server.api} />);
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(tabs).getByRole('link', { name: 'Apps' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['App name', 'URL slug', 'Enabled', 'Anonymous access', 'Actions']);
    const crm = rowOf('Sales CRM');
    expect(within(crm).getByText('crm')).toBeInTheDocument();
    expect(within(crm).getByText('Pipeline and accounts')).toBeInTheDocument();
    expect(within(crm).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(rowOf('Field Service')).getAllByRole('cell', { name: 'No' })).toHaveLength(2);
    expect(within(rowOf('Public board')).getAllByRole('cell', { name: 'Yes' })).toHaveLength(2);
    expect(within(crm).getByRole('link', { name: 'Open Sales CRM' })).toHaveAttribute(
      'href',
      '/admin/apps/crm',
    );
    expect(within(crm).getByRole('link', { name: 'Run Sales CRM' })).toHaveAttribute('href', '/apps/crm');

    const search = screen.getByRole('searchbox', { name: 'Search apps' });
    await user.type(search, 'FIELD');
    expect(screen.queryByText('Sales CRM')).toBeNull();
    expect(rowOf('Field Service')).toBeInTheDocument();
    await user.clear(search);
    // The slug is searched too.
    await user.type(search, 'board');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText("No app matches 'nothing like it'.")).toBeInTheDocument();
  });

  it('creates an app with a slug made from its name; it starts with its Welcome page', async () => {
    const user = userEvent.setup();
    const server = builderServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'New app' }));
    const dialog = await screen.findByRole('dialog', { name: 'New app' });
    await user.type(within(dialog).getByLabelText(/App name/), 'Field Visits!');
    expect(within(dialog).getByLabelText(/URL slug/)).toHaveValue('fieldvisits');
    expect(
      within(dialog).getByText('It opens at /apps/fieldvisits, with one page named Welcome.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Description'), 'Visits to customers');
    await user.click(within(dialog).getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New app' })).toBeNull());
    const created = server.requests.find((r) => r.method === 'POST' && r.path === '/spapi/admin/v1/apps');
    expect(created?.body).toEqual({
      name: 'Field Visits!',
      slug: 'fieldvisits',
      description: 'Visits to customers',
    });
    const row = await screen.findByRole('row', { name: /Field Visits!/ });
    expect(within(row).getByText('fieldvisits')).toBeInTheDocument();
    expect(within(row).getAllByRole('cell', { name: 'No' })).toHaveLength(2);
    expect(await screen.findByText("'Field Visits!' was created with its Welcome page.")).toBeInTheDocument();
  });

  it('refuses a taken slug or name and a short name before asking the server', async () => {
    const user = userEvent.setup();
    const server = builderServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'New app' }));
    const dialog = await screen.findByRole('dialog', { name: 'New app' });
    await user.type(within(dialog).getByLabelText(/App name/), 'sales crm');
    const slug = within(dialog).getByLabelText(/URL slug/);
    await user.clear(slug);
    await user.type(slug, 'CRM');
    await user.click(within(dialog).getByRole('button', { name: 'Create app' }));
    expect(
      await within(dialog).findByText("There is another app with the same 'URL slug'."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("There is another app with the same 'App name'.")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/App name/));
    await user.type(within(dialog).getByLabelText(/App name/), 'App');
    await user.click(within(dialog).getByRole('button', { name: 'Create app' }));
    expect(
      await within(dialog).findByText('The App name must be 4 to 80 characters long.'),
    ).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of a slug the list does not show under the slug", async () => {
    const user = userEvent.setup();
    const server = builderServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'New app' }));
    const dialog = await screen.findByRole('dialog', { name: 'New app' });
    await user.type(within(dialog).getByLabelText(/App name/), 'Shared things');
    const slug = within(dialog).getByLabelText(/URL slug/);
    await user.clear(slug);
    await user.type(slug, 'shared');
    await user.click(within(dialog).getByRole('button', { name: 'Create app' }));
    expect(
      await within(dialog).findByText("There is another app with the same 'URL slug'."),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/URL slug/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const server = builderServerHarness({ ...adminMe, isAdmin: false });
    render(<App client={server.api} />);
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/spapi/admin/v1/apps')).toBe(false);
  });

  describe('deleting an app', () => {
    const deleteFrom = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
      await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
      return screen.findByRole('alertdialog', { name: `Delete the app '${name}'?` });
    };

    it('names the app and its pages, deletes them on confirmation, and refreshes the list', async () => {
      const user = userEvent.setup();
      const server = builderServerHarness();
      const field = [...server.apps.values()].find((a) => a.settings.name === 'Field Service')!;
      field.pages.push({
        id: 49_000,
        name: 'Jobs',
        slug: 'jobs',
        type: 'default',
        contextEntityTypeId: null,
      });
      const use = "'Jobs' is the default edit page of Job: Job will have none.";
      server.deleteUses.set(field.id, [use]);
      render(<App client={server.api} />);
      const dialog = await deleteFrom(user, 'Field Service');
      expect(
        await within(dialog).findByText(
          "The app 'Field Service' and its 2 pages, with every version of them, will be deleted. This cannot be undone.",
        ),
      ).toBeInTheDocument();
      const pages = within(dialog).getByRole('list', { name: 'Pages deleted with the app' });
      expect(
        within(pages)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Welcome', 'Jobs']);
      expect(within(dialog).getByText('Links to its pages elsewhere go with them:')).toBeInTheDocument();
      expect(within(dialog).getByRole('list', { name: 'Links that go' })).toHaveTextContent(use);
      await user.click(within(dialog).getByRole('button', { name: 'Delete the app and 2 pages' }));
      expect(
        await screen.findByText("The app 'Field Service' was deleted with its 2 pages."),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('row', { name: /Field Service/ })).toBeNull());
      expect(screen.queryByRole('alertdialog', { name: /^Delete the app/ })).toBeNull();
      const sent = server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/delete'));
      expect(sent).toMatchObject({
        path: `/spapi/admin/v1/apps/${field.id}/delete`,
        body: { revision: 1, pageIds: [field.pages[0]!.id, 49_000] },
      });
      expect(screen.getByRole('row', { name: /Sales CRM/ })).toBeInTheDocument();
    });

    it('counts the pages when there are many, and deletes nothing on Cancel', async () => {
      const user = userEvent.setup();
      const server = builderServerHarness();
      const crm = [...server.apps.values()].find((a) => a.settings.name === 'Sales CRM')!;
      for (let i = 1; i <= 11; i++)
        crm.pages.push({
          id: 48_000 + i,
          name: `Page ${i}`,
          slug: `p${i}`,
          type: 'default',
          contextEntityTypeId: null,
        });
      render(<App client={server.api} />);
      const dialog = await deleteFrom(user, 'Sales CRM');
      expect(
        await within(dialog).findByText(
          "The app 'Sales CRM' and its 12 pages, with every version of them, will be deleted. This cannot be undone.",
        ),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('list')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog', { name: /^Delete the app/ })).toBeNull());
      expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
      expect(screen.getByRole('row', { name: /Sales CRM/ })).toBeInTheDocument();
    });

    it('refuses a delete over a save someone made since, and deletes after a second look', async () => {
      const user = userEvent.setup();
      const server = builderServerHarness();
      render(<App client={server.api} />);
      const dialog = await deleteFrom(user, 'Public board');
      const confirm = await within(dialog).findByRole('button', { name: 'Delete the app and 1 page' });
      server.conflictOnNextSave();
      await user.click(confirm);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        "bea saved the app 'Public board' after you asked to delete it, so it was not deleted.",
      );
      expect(confirm).toBeDisabled();
      expect([...server.apps.values()].some((a) => a.settings.name === 'Public board')).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Look at the app again' }));
      await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
      await user.click(await within(dialog).findByRole('button', { name: 'Delete the app and 1 page' }));
      expect(
        await screen.findByText("The app 'Public board' was deleted with its page."),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('row', { name: /Public board/ })).toBeNull());
      const sent = server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/delete'));
      expect(sent.map((r) => (r.body as { revision: number }).revision)).toEqual([1, 2]);
    });
  });
});
