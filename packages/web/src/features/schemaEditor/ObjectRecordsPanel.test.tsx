import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { schemaServerHarness } from './schemaServerHarness';

const open = (path: string) => window.history.pushState(null, '', path);

describe("an Object's records on its page (decision 0111)", () => {
  afterEach(() => open('/'));

  it('counts them, links the default form, makes reports named after the Object and deletes one', async () => {
    const user = userEvent.setup();
    const server = schemaServerHarness();
    open('/admin/schema/10010');
    render(<App client={server.api} />);
    const panel = await screen.findByRole('region', { name: 'Records' });
    expect(await within(panel).findByText('12 records')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'New record' })).toHaveAttribute(
      'href',
      '/apps/shared/_createRecord?cid=10010',
    );
    expect(within(panel).getByText(/No report lists them yet/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'New report' }));
    expect(await screen.findByText("Report 'Accounts' created.")).toBeInTheDocument();
    const first = await within(panel).findByRole('link', { name: 'Accounts' });
    const [made] = server.typeReports.get(10_010)!;
    expect(first).toHaveAttribute('href', `/apps/shared/_report/${made!.id}`);
    await user.click(within(panel).getByRole('button', { name: 'New report' }));
    const reports = await within(panel).findByRole('list', { name: 'Reports' });
    await waitFor(() =>
      expect(
        within(reports)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Accounts', 'Accounts 2']),
    );

    await user.click(within(panel).getByRole('button', { name: 'Delete the report Accounts' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent("Are you sure that you want to delete Report 'Accounts'?");
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        within(reports)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Accounts 2']),
    );
    const deleted = server.requests.filter((r) => r.path === '/spapi/data/v1/entity/put').at(-1);
    expect(deleted?.body).toEqual({ entities: [], deleted: [made!.id] });
  }, 30_000);

  it('leaves a choice Object’s values to their own panel', async () => {
    open('/admin/schema/10030');
    render(<App client={schemaServerHarness().api} />);
    await screen.findByRole('region', { name: 'Choice values' });
    expect(screen.queryByRole('region', { name: 'Records' })).toBeNull();
  });

  it('shows one saved toast at a time, and none over the next dialog', async () => {
    const user = userEvent.setup();
    open('/admin/schema/10010');
    render(<App client={schemaServerHarness().api} />);
    await screen.findByRole('heading', { name: 'Account', level: 1 });
    const addText = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'New field' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Text' }));
      const dialog = await screen.findByRole('dialog');
      // The last save's toast has gone: it would sit where this dialog's Save is.
      expect(screen.queryByText('Properties saved')).toBeNull();
      const box = within(dialog).getByRole('textbox', { name: /Field name/ });
      await user.clear(box);
      await user.type(box, name);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await addText('Reference');
    expect(await screen.findAllByText('Properties saved')).toHaveLength(1);
    await addText('Region');
    expect(await screen.findAllByText('Properties saved')).toHaveLength(1);
  }, 30_000);
});
