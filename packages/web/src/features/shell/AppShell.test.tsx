import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/apiClient';
import { App } from '../../app/App';

const admin = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const settings = {
  tenantName: 'Demo',
  currencySymbol: '€',
  nameFieldLabel: 'Name',
  timeZone: 'UTC',
  locale: 'en-GB',
  financialYearStartMonth: 7,
};

const crm = {
  id: 70,
  slug: 'crm',
  name: 'Sales CRM',
  displayAlias: null,
  description: null,
  version: '1.0.0',
  icon: null,
  isEnabled: true,
  allowsAnonymous: false,
  isSharedApp: false,
  menu: { menuOrder: [], menuFolders: [], otherOrder: [], otherFolders: [] },
  menuShowDefault: true,
  menuShowAppName: true,
  menuAppNameHome: false,
  menuAppNameAlign: 'left',
  footerText: null,
  headerBackgroundColour: null,
  headerTextColour: null,
  defaultPageId: null,
  pages: [],
};
const listedCrm = {
  id: 70,
  slug: 'crm',
  name: 'Sales CRM',
  displayAlias: null,
  description: null,
  icon: null,
};

/** A fake server: signed out until a login with password 'pw'; `apps` lists the user's apps. */
function fakeServer(user = admin, apps: unknown[] = []) {
  let signedIn = false;
  const impl = async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (path === '/auth/login') {
      const body = JSON.parse(String(init?.body));
      if (body.password !== 'pw') {
        return json(401, {
          error: { code: 'unauthorized', message: 'The tenant, user name or password is not correct.' },
        });
      }
      signedIn = true;
      return json(200, user);
    }
    if (!signedIn) return json(401, { error: { code: 'unauthorized', message: 'Sign in first.' } });
    if (path === '/auth/me') return json(200, user);
    if (path === '/auth/logout') {
      signedIn = false;
      return json(200, { ok: true });
    }
    if (path === '/spapi/data/v1/tenantSettings') return json(200, settings);
    if (path === '/spapi/data/v1/apps') return json(200, { apps });
    if (path.split('?')[0] === '/spapi/data/v1/apps/crm') return json(200, crm);
    return json(404, { error: { code: 'not_found', message: `No route ${path}.` } });
  };
  return new ApiClient({ fetch: impl as typeof fetch });
}

async function signIn(password = 'pw') {
  await userEvent.type(await screen.findByLabelText(/User name/), 'admin');
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the web app', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('sends a signed-out visitor to sign-in, then to the app list', async () => {
    render(<App client={fakeServer()} />);
    expect(await screen.findByRole('heading', { name: 'Sign in to Plinth' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Tenant/)).toHaveValue('demo');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Apps' })).toBeInTheDocument();
    expect(await screen.findByText('There are no apps for you yet.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/apps');
  });

  it('shows the server message for a wrong password', async () => {
    render(<App client={fakeServer()} />);
    await signIn('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The tenant, user name or password is not correct.',
    );
  });

  it('returns to the asked page after sign-in, only within the app', async () => {
    window.history.replaceState(null, '', '/apps/crm/_sitemap');
    render(<App client={fakeServer()} />);
    await screen.findByRole('heading', { name: 'Sign in to Plinth' });
    expect(window.location.search).toBe('?next=%2Fapps%2Fcrm%2F_sitemap');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Sales CRM' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/apps/crm/_sitemap');
  });

  it('opens straight into the only app a user has', async () => {
    render(<App client={fakeServer(admin, [{ ...listedCrm, defaultPageShowsMenu: true }])} />);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Sales CRM' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/apps/crm');
  });

  it('does not follow a next address outside the app', async () => {
    window.history.replaceState(null, '', '/signin?next=//evil.example');
    render(<App client={fakeServer()} />);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Apps' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/apps');
  });

  it('keeps the gallery for administrators', async () => {
    window.history.replaceState(null, '', '/_gallery');
    render(<App client={fakeServer({ ...admin, isAdmin: false })} />);
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators can open this page.');
    expect(screen.queryByRole('link', { name: 'Gallery' })).not.toBeInTheDocument();
  });

  it('goes back to sign-in when a call finds the session ended', async () => {
    const client = fakeServer();
    render(<App client={client} />);
    await signIn();
    await screen.findByRole('heading', { name: 'Apps' });
    await client.logout();
    await client.tenantSettings().catch(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Sign in to Plinth' })).toBeInTheDocument();
    // The same person signs in again and goes on where they were.
    expect(window.location.search).toBe('?next=%2Fapps');
  });

  it('signs out', async () => {
    render(<App client={fakeServer()} />);
    await signIn();
    await screen.findByRole('heading', { name: 'Apps' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Plinth' })).toBeInTheDocument();
  });

  it('signing out forgets the page: the next person to sign in starts at the app list', async () => {
    window.history.replaceState(null, '', '/apps/crm/_sitemap');
    render(<App client={fakeServer()} />);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Sales CRM' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Plinth' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/signin');
    expect(window.location.search).toBe('');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Apps' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/apps');
  });
});
