import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const settings = {
  tenantName: 'Demo',
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'UTC',
  locale: 'en-AU',
  financialYearStartMonth: 7,
};
const notFound = {
  status: 404,
  body: { error: { code: 'not_found', message: 'The report was not found.' } },
};

describe('a report that does not exist', () => {
  beforeEach(() => window.history.pushState(null, '', '/apps/crm/_report/crm:doesNotExist'));
  afterEach(() => window.history.pushState(null, '', '/'));

  function server() {
    return fakeApi((path) => {
      if (path === '/auth/me') return { status: 200, body: me };
      if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: settings };
      return notFound;
    });
  }

  it('shows only its error: no toolbar, no pager, no count', async () => {
    const { api } = server();
    render(<App client={api} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report was not found.');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'go home' })).toHaveAttribute('href', '/apps');
    // The page still has its level-one heading (axe 'page-has-heading-one'), as its title says.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Report');
    expect(document.title).toBe('Report · Plinth');
  });

  it('makes each failing call once', async () => {
    const { api, requests } = server();
    render(<App client={api} />);
    await screen.findByRole('alert');
    // Let any retry that would follow the failure happen before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? null)}`);
    const repeated = calls.filter((call, i) => calls.indexOf(call) !== i);
    expect(repeated).toEqual([]);
    expect(calls.filter((c) => c.startsWith('POST /spapi/data/v1/report/'))).toHaveLength(1);
  });
});
