import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';
import { settingsTexts } from './TenantSettingsPage';

const admin = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const stored = {
  tenantName: 'Demo Company',
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'Australia/Sydney',
  locale: 'en-AU',
  financialYearStartMonth: 7,
};

function server(me = admin, refuse?: string) {
  let settings = { ...stored };
  return fakeApi((path, body, method) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/tenantSettings' && method === 'GET') return { status: 200, body: settings };
    if (path === '/spapi/data/v1/tenantSettings' && method === 'PUT') {
      if (refuse)
        return {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'The changes are not valid.',
              details: { errors: [{ id: 1, member: 'locale', message: refuse }] },
            },
          },
        };
      settings = { ...settings, ...(body as object) };
      return { status: 200, body: settings };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

async function choose(field: string, option: string) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${field}:`) }));
  const listbox = await screen.findByRole('listbox', { name: field });
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
}

describe('the tenant settings screen', () => {
  beforeEach(() => window.history.pushState(null, '', '/admin/settings'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it("shows the tenant's settings and saves the time zone, locale and financial year an administrator picks", async () => {
    const { api, requests } = server();
    render(<App client={api} />);
    const save = await screen.findByRole('button', { name: settingsTexts.save });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Settings · Demo Company');
    expect(screen.getByRole('navigation', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Time zone: Australia/Sydney' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Financial year starts in: July' })).toBeInTheDocument();
    expect(save).toBeDisabled();

    await choose(settingsTexts.timeZone, 'Europe/Berlin');
    await choose(settingsTexts.locale, 'German (Germany) (de-DE)');
    await choose(settingsTexts.financialYear, 'April');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText(settingsTexts.saved)).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ timeZone: 'Europe/Berlin', locale: 'de-DE', financialYearStartMonth: 4 });
    expect(save).toBeDisabled();
  });

  it('turns off the question asked before links to other sites, sending only that', async () => {
    const { api, requests } = server();
    render(<App client={api} />);
    const save = await screen.findByRole('button', { name: settingsTexts.save });
    const toggle = screen.getByRole('switch', { name: settingsTexts.confirmExternalLinks });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(save);
    expect(await screen.findByText(settingsTexts.saved)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ confirmExternalLinks: false });
    expect(screen.getByRole('switch', { name: settingsTexts.confirmExternalLinks })).not.toBeChecked();
  });

  it("shows the server's refusal and keeps what was chosen", async () => {
    const { api } = server(admin, "'de-DE' is not a known locale.");
    render(<App client={api} />);
    await screen.findByRole('button', { name: settingsTexts.save });
    await choose(settingsTexts.locale, 'German (Germany) (de-DE)');
    await userEvent.click(screen.getByRole('button', { name: settingsTexts.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent("'de-DE' is not a known locale.");
    expect(screen.getByRole('button', { name: /^Locale: German/ })).toBeInTheDocument();
  });

  it('is for administrators only', async () => {
    const { api, requests } = server({ ...admin, isAdmin: false });
    render(<App client={api} />);
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
