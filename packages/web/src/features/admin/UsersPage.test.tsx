import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { adminMe, adminServerHarness } from './adminServerHarness';

describe('the Users screen', () => {
  beforeEach(() => window.history.pushState(null, '', '/admin/users'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('lists the users and creates one with roles, refusing a weak password before asking the server', async () => {
    const user = userEvent.setup();
    const server = adminServerHarness();
    render(<App client={server.api} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Dave Day')).toBeInTheDocument();
    expect(within(table).getByText('Sales')).toBeInTheDocument();
    // One cannot disable or delete oneself.
    expect(screen.queryByRole('button', { name: 'Disable admin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disable dave' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/User name/), 'maria');
    await user.type(within(dialog).getByLabelText('Full name'), 'Maria Rossi');
    await user.type(within(dialog).getByLabelText(/Initial password/), 'password123');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(
      await within(dialog).findByText('This password is too common. Choose another.'),
    ).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/spapi/admin/v1/users')).toBe(
      false,
    );

    await user.clear(within(dialog).getByLabelText(/Initial password/));
    await user.type(within(dialog).getByLabelText(/Initial password/), 'plum orchard 42');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New user' })).toBeNull());
    const created = server.requests.find((r) => r.method === 'POST' && r.path === '/spapi/admin/v1/users');
    expect(created?.body).toEqual({
      username: 'maria',
      fullName: 'Maria Rossi',
      email: '',
      password: 'plum orchard 42',
      roleIds: [10_050],
    });
    const row = (await screen.findByText('maria')).closest('tr')!;
    expect(within(row).getByText('Must change password')).toBeInTheDocument();
  });

  it('shows the server refusal of a taken user name in the dialog', async () => {
    const user = userEvent.setup();
    const server = adminServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/User name/), 'DAVE');
    await user.type(within(dialog).getByLabelText(/Initial password/), 'plum orchard 42');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'There is another user with the same name.',
    );
  });

  it('disables a user after asking, and enables them again', async () => {
    const user = userEvent.setup();
    const server = adminServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'Disable dave' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable dave?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    const row = (await screen.findByText('Disabled')).closest('tr')!;
    expect(within(row).getByText('dave')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/spapi/admin/v1/users/10002')?.body).toEqual({
      disabled: true,
    });
    await user.click(screen.getByRole('button', { name: 'Enable dave' }));
    await waitFor(() => expect(screen.queryByText('Disabled')).toBeNull());
  });

  it('deletes a user, passing their records to the chosen owner', async () => {
    const user = userEvent.setup();
    const server = adminServerHarness();
    render(<App client={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'Delete dave' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete dave?' });
    expect(within(dialog).getByText(/records they own stay/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(screen.queryByText('Dave Day')).toBeNull());
    expect(server.requests.find((r) => r.path === '/spapi/admin/v1/users/10002/delete')?.body).toEqual({
      newOwnerId: adminMe.userId,
    });
  });

  it('is not offered to, and not opened for, a user who is not an administrator', async () => {
    const server = adminServerHarness({ ...adminMe, isAdmin: false, roleIds: [501] });
    render(<App client={server.api} />);
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administration' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My account' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.startsWith('/spapi/admin/'))).toBe(false);
  });
});
