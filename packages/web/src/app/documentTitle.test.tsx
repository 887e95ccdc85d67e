import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { App } from './App';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const meta = {
  title: 'Deals',
  rootTypeId: 10_001,
  rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true } },
  sort: [],
  anlcols: {},
};

function server(signedIn = true) {
  return fakeApi((path) => {
    if (path === '/auth/me')
      return signedIn
        ? { status: 200, body: me }
        : { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in first.' } } };
    if (path === '/spapi/data/v1/apps') return { status: 200, body: { apps: [] } };
    if (path === '/spapi/data/v1/report/7')
      return {
        status: 200,
        body: {
          meta,
          gdata: [{ eid: 1, values: [{ val: 'Alpha' }] }],
          pageSize: 201,
          lrt: '2026-11-22T03:00:00.000Z',
        },
      };
    return { status: 404, body: { error: { code: 'not_found', message: 'The record was not found.' } } };
  }).api;
}

describe('the document title names the page', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('on the sign-in page', async () => {
    window.history.pushState(null, '', '/signin');
    render(<App client={server(false)} />);
    await screen.findByRole('heading', { name: 'Sign in to Plinth' });
    expect(document.title).toBe('Sign in · Plinth');
  });

  it('on the app list', async () => {
    window.history.pushState(null, '', '/apps');
    render(<App client={server()} />);
    await screen.findByText('There are no apps for you yet.');
    expect(document.title).toBe('Apps · Plinth');
  });

  it('on a report, by its title', async () => {
    window.history.pushState(null, '', '/apps/crm/_report/7');
    render(<App client={server()} />);
    await screen.findByRole('heading', { name: 'Deals' });
    await waitFor(() => expect(document.title).toBe('Deals · Plinth'));
  });

  it('on a report that cannot be read', async () => {
    window.history.pushState(null, '', '/apps/crm/_report/8');
    render(<App client={server()} />);
    await screen.findByRole('alert');
    expect(document.title).toBe('Report · Plinth');
  });

  it('on the building-blocks gallery', async () => {
    window.history.pushState(null, '', '/_gallery');
    render(<App client={server()} />);
    await screen.findByRole('heading', { name: 'Building blocks' }, { timeout: 10_000 });
    expect(document.title).toBe('Building blocks · Plinth');
  });
});
