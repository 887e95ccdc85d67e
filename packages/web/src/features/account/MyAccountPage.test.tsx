import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';

const me = { tenantId: 1, userId: 10_002, username: 'dave', isAdmin: false, roleIds: [501], csrfToken: 't' };

/** The account calls of one user, kept in memory. */
function accountServer(options: { mustChangePassword?: boolean } = {}) {
  let mustChange = options.mustChangePassword ?? false;
  let password = 'first words 1';
  let sessions = [
    {
      id: 'aaa',
      createdAt: '2026-03-10T01:00:00.000Z',
      expiresAt: '2026-03-24T01:00:00.000Z',
      current: true,
    },
    {
      id: 'bbb',
      createdAt: '2026-03-09T01:00:00.000Z',
      expiresAt: '2026-03-23T01:00:00.000Z',
      current: false,
    },
  ];
  let tokens = [
    {
      id: 't1',
      name: 'Nightly import',
      createdAt: '2026-03-01T00:00:00.000Z',
      lastUsedAt: null,
      expiresAt: null,
    },
  ];
  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const fake = fakeApi((path, body: any, method) => {
    if (path === '/auth/me') return { status: 200, body: { ...me, mustChangePassword: mustChange } };
    if (path === '/auth/password') {
      if (body.currentPassword !== password)
        return {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'The current password is not correct.',
              details: {
                errors: [{ member: 'currentPassword', message: 'The current password is not correct.' }],
              },
            },
          },
        };
      password = body.newPassword;
      mustChange = false;
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return { status: 200, body: { ok: true, endedSessions: ended } };
    }
    if (path === '/auth/sessions') return { status: 200, body: { sessions } };
    if (path.startsWith('/auth/sessions/') && method === 'DELETE') {
      sessions = sessions.filter((s) => s.id !== path.split('/').pop());
      return { status: 200, body: { ok: true } };
    }
    if (path === '/spapi/data/v1/apiTokens') return { status: 200, body: { tokens } };
    if (path.startsWith('/spapi/data/v1/apiTokens/') && method === 'DELETE') {
      tokens = tokens.filter((t) => t.id !== path.split('/').pop());
      return { status: 200, body: { ok: true } };
    }
    if (path === '/spapi/data/v1/entity/ofType')
      return { status: 200, body: { entities: [], pageSize: 200, hasMore: false } };
    return { status: 404, body: { error: { code: 'not_found', message: `No fake for ${path}` } } };
  });
  return { ...fake, password: () => password };
}

describe('My account', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  describe('at /account', () => {
    beforeEach(() => window.history.pushState(null, '', '/account'));

    it('changes the password with the current one; a wrong one is said under its field', async () => {
      const user = userEvent.setup();
      const server = accountServer();
      render(<App client={server.api} />);
      const current = await screen.findByLabelText(/Current password/);
      await user.type(current, 'wrong words 2');
      await user.type(screen.getByLabelText(/^New password$/), 'dave');
      await user.type(screen.getByLabelText(/New password again/), 'dave');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument();
      expect(server.requests.some((r) => r.path === '/auth/password')).toBe(false);

      await user.clear(screen.getByLabelText(/^New password$/));
      await user.type(screen.getByLabelText(/^New password$/), 'brand new words 3');
      await user.clear(screen.getByLabelText(/New password again/));
      await user.type(screen.getByLabelText(/New password again/), 'brand new words 3');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();

      await user.clear(current);
      await user.type(current, 'first words 1');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(server.password()).toBe('brand new words 3'));
      // The other session ended: the list now holds this one only.
      await waitFor(() => expect(screen.queryByRole('button', { name: /End the session/ })).toBeNull());
    });

    it('ends another session and revokes a token after asking', async () => {
      const user = userEvent.setup();
      const server = accountServer();
      render(<App client={server.api} />);
      const sessions = await screen.findByRole('region', { name: 'Sessions' });
      await within(sessions).findByText('This session');
      await user.click(within(sessions).getByRole('button', { name: /End the session/ }));
      await waitFor(() =>
        expect(within(sessions).queryByRole('button', { name: /End the session/ })).toBeNull(),
      );
      expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/auth/sessions/bbb')).toBe(
        true,
      );

      await user.click(screen.getByRole('button', { name: 'Revoke Nightly import' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Revoke the token?' });
      await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
      expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    });
  });

  it('asks a user whose password an administrator set to choose their own before anything else', async () => {
    window.history.pushState(null, '', '/apps');
    const user = userEvent.setup();
    const server = accountServer({ mustChangePassword: true });
    render(<App client={server.api} />);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/spapi/data/v1/entity/ofType')).toBe(false);
    await user.type(screen.getByLabelText(/Current password/), 'first words 1');
    await user.type(screen.getByLabelText(/^New password$/), 'my own words 4');
    await user.type(screen.getByLabelText(/New password again/), 'my own words 4');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Apps' })).toBeInTheDocument();
  });
});
