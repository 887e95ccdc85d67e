import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };

describe('a report that cannot be read', () => {
  beforeEach(() => window.history.pushState(null, '', '/apps/crm/_report/42'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the server’s message and a way home, and no count of records', async () => {
    const { api } = fakeApi((path) =>
      path === '/auth/me'
        ? { status: 200, body: me }
        : { status: 404, body: { error: { code: 'not_found', message: 'The record was not found.' } } },
    );
    render(<App client={api} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The record was not found.');
    expect(screen.getByRole('link', { name: 'go home' })).toHaveAttribute('href', '/apps');
    expect(screen.queryByText(/of many/)).not.toBeInTheDocument();
  });
});
