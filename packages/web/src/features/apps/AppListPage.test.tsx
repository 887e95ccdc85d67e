import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const listed = (id: number, name: string, slug: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug,
  name,
  displayAlias: null,
  description: null,
  icon: null,
  defaultPageShowsMenu: true,
  ...extra,
});

describe('the app list', () => {
  beforeEach(() => window.history.pushState(null, '', '/apps'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the apps the server lists, by name, each leading to its sitemap', async () => {
    const { api, requests } = fakeApi((path) => {
      if (path === '/auth/me') return { status: 200, body: me };
      if (path === '/spapi/data/v1/apps')
        return {
          status: 200,
          body: {
            apps: [
              listed(2, 'Support', 'help', { displayAlias: 'Help desk' }),
              listed(1, 'Sales CRM', 'crm', { description: 'Accounts, contacts and opportunities.' }),
              listed(3, 'Kiosk', 'kiosk', { defaultPageShowsMenu: false }),
            ],
          },
        };
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    });
    render(<App client={api} />);
    const link = await screen.findByRole('link', { name: /Sales CRM/ });
    expect(link).toHaveAttribute('href', '/apps/crm/_sitemap');
    expect(link).toHaveTextContent('Accounts, contacts and opportunities.');
    const names = screen.getAllByRole('link').map((l) => l.querySelector('.pl-app-list__name')?.textContent);
    expect(names.filter(Boolean)).toEqual(['Administration', 'Sales CRM', 'Help desk']);
    expect(screen.queryByText('Kiosk')).toBeNull();
    expect(requests.some((r) => r.path === '/spapi/data/v1/apps')).toBe(true);
  });
});
