import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { crmApp, pageResponse } from './test/runnerFixtures';
import { runner } from './test/runnerServerHarness';

describe('the runner routes', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('opens an app on its default page, with the app menu', async () => {
    const { api, requests } = runner('/apps/crm');
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App menu' })).toBeVisible();
    // The app call brings its default page along: one call, not two in turn (decision 0090).
    const gets = requests.filter((r) => r.path.startsWith('/spapi/data/v1/apps/crm'));
    expect(gets.map((r) => r.path)).toEqual(['/spapi/data/v1/apps/crm?withDefaultPage=1']);
    expect(requests.some((r) => r.path.startsWith('/spapi/data/v1/pages/'))).toBe(false);
  });

  it('opens a page by slug with its app in one call, and asks for a page afresh after moving on', async () => {
    const { api, requests } = runner('/apps/crm/account');
    render(<App client={api} />);
    expect(await screen.findByText(/This page shows a record/)).toBeVisible();
    expect(requests.filter((r) => r.path.startsWith('/spapi/data/v1/apps/crm')).map((r) => r.path)).toEqual([
      '/spapi/data/v1/apps/crm?withPage=account',
    ]);
    expect(requests.some((r) => r.path.startsWith('/spapi/data/v1/pages/'))).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Sales CRM' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // Moving between an app's pages loads no app again; the next page is asked for by id.
    expect(requests.filter((r) => r.path.startsWith('/spapi/data/v1/apps/crm'))).toHaveLength(1);
    expect(requests.some((r) => r.path === '/spapi/data/v1/pages/1')).toBe(true);
  });

  it('says when the page the app call was asked to bring is not one the user may display', async () => {
    const { api, requests } = runner('/apps/crm/secret');
    render(<App client={api} />);
    expect(await screen.findByText('Failed to load page secret. Page not found')).toBeVisible();
    expect(requests.some((r) => r.path === '/spapi/data/v1/apps/crm?withPage=secret')).toBe(true);
  });

  it('shows a record in its form in view mode, titled as the spec says', async () => {
    const { api } = runner('/apps/crm/_viewRecord?cid=5&formMode=view');
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'View Acme Pty' })).toBeVisible();
    const form = screen.getByRole('region', { name: 'View Acme Pty' });
    const value = async (label: string) =>
      (await within(form).findByRole('group', { name: label })).textContent;
    expect(await value('Name')).toBe('NameAcme Pty');
    expect(await value('Annual revenue')).toBe('Annual revenue$1,250,000.50');
    expect(await value('Founded')).toBe('Founded09/03/2001');
    expect(await value('Active')).toBe('ActiveNo');
    expect(await value('Number')).toBe('NumberACC-17');
    expect(await value('Owner')).toBe('OwnerSam Lee');
    expect(within(form).queryByRole('textbox')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'App menu' })).toBeVisible();
  });

  it('formats values with the tenant’s settings, read again when the person comes back to the tab', async () => {
    const settings = {
      tenantName: 'Demo',
      currencySymbol: '€',
      nameFieldLabel: 'Name',
      timeZone: 'UTC',
      locale: 'en-GB',
      financialYearStartMonth: 7,
    };
    const { api, requests } = runner('/apps/crm/_viewRecord?cid=5&formMode=view', settings);
    render(<App client={api} />);
    const form = await screen.findByRole('region', { name: 'View Acme Pty' });
    expect(await within(form).findByRole('group', { name: 'Annual revenue' })).toHaveTextContent(
      '€1,250,000.50',
    );
    const reads = () => requests.filter((r) => r.path === '/spapi/data/v1/tenantSettings').length;
    const before = reads();
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('deletes the record after “Confirm delete”, then goes back to the app’s default page', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner('/apps/crm/_viewRecord?cid=5&formMode=view');
    render(<App client={api} />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    expect(
      within(dialog).getByText("Are you sure that you want to delete Account 'Acme Pty'?"),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/home'));
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/delete')?.body).toMatchObject({ ids: [5] });
  });

  it('offers New for the type and its derived types, opening the new-record route of the one chosen', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner('/apps/crm/_viewRecord?cid=5&formMode=view');
    render(<App client={api} />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Record actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Partner' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_createRecord'));
    expect(new URLSearchParams(window.location.search).get('cid')).toBe('31');
    expect(requests.find((r) => r.path === '/spapi/data/v1/actions/formActions')?.body).toMatchObject({
      entityTypeId: 30,
      ids: [5],
    });
  });

  it('opens a new record’s form with its defaults, without the dates it has not yet', async () => {
    const { api } = runner('/apps/crm/_createRecord?cid=30');
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'New Account' })).toBeVisible();
    const form = screen.getByRole('region', { name: 'New Account' });
    expect(await within(form).findByRole('switch', { name: 'Active' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeVisible();
    // A new record has no dates or makers yet.
    expect(within(form).queryByText('Created Date')).toBeNull();
  });

  it('creates the record, then names it in the route', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner('/apps/crm/_createRecord?cid=30');
    render(<App client={api} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'Harbour Freight');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_editRecord'));
    expect(new URLSearchParams(window.location.search).get('cid')).toBe('77');
    const put = requests.find((r) => r.path === '/spapi/data/v1/entity/put');
    expect(put?.body).toMatchObject({
      entities: [{ id: 'new:record', typeId: 30, fields: { name: 'Harbour Freight', isActive: true } }],
    });
  });

  it("edits a record on its record page's alternate edit page, and views it on the record page", async () => {
    const alternate = (url: string) =>
      url === '/spapi/data/v1/types/30/recordPage'
        ? { status: 200, body: { ...pageResponse(crmApp().pages[3]!), alternateEditRecordPageId: 1 } }
        : undefined;
    const editing = runner('/apps/crm/_editRecord?cid=5', undefined, {}, alternate);
    const { unmount } = render(<App client={editing.api} />);
    await waitFor(() => expect(editing.requests.some((r) => r.path === '/spapi/data/v1/pages/1')).toBe(true));
    unmount();
    const viewing = runner('/apps/crm/_viewRecord?cid=5', undefined, {}, alternate);
    render(<App client={viewing.api} />);
    await waitFor(() =>
      expect(viewing.requests.some((r) => r.path === '/spapi/data/v1/schema/type/30')).toBe(true),
    );
    await waitFor(() =>
      expect(viewing.requests.some((r) => r.path === '/spapi/data/v1/entity/query')).toBe(true),
    );
    expect(viewing.requests.some((r) => r.path === '/spapi/data/v1/pages/1')).toBe(false);
  });

  it('says when a record cannot be read', async () => {
    const { api } = runner('/apps/crm/_editRecord?cid=6&formMode=edit');
    render(<App client={api} />);
    expect(await screen.findByText('Failed to get record.')).toBeVisible();
  });

  it('says which page it failed to load, and which app', async () => {
    const { api } = runner('/apps/crm/nowhere');
    const { unmount } = render(<App client={api} />);
    expect(await screen.findByText('Failed to load page nowhere. Page not found')).toBeVisible();
    unmount();
    const other = runner('/apps/hr');
    render(<App client={other.api} />);
    expect(await screen.findByText('Failed to load app hr. The record was not found.')).toBeVisible();
  });

  it('previews a record page with its test record, and says when a record page has no record', async () => {
    const { api, requests } = runner('/apps/crm/account?preview=1');
    const { unmount } = render(<App client={api} />);
    expect(await screen.findByText(/^Preview/)).toBeVisible();
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.path === '/spapi/data/v1/entity/query' && (r.body as { ids: number[] }).ids[0] === 5,
        ),
      ).toBe(true),
    );
    expect(screen.queryByText(/This page shows a record/)).toBeNull();
    unmount();
    const plain = runner('/apps/crm/account');
    render(<App client={plain.api} />);
    expect(
      await screen.findByText('This page shows a record: open it from a list or a link to a record.'),
    ).toBeVisible();
  });

  it('runs in the hash host route, showing the draft in a preview', async () => {
    const { api, requests } = runner('/#/demo/0/apprunner?app=crm&page=home&preview=1');
    render(<App client={api} />);
    expect(await screen.findByText('Preview of the draft')).toBeVisible();
    expect(requests.some((r) => r.path === '/spapi/data/v1/pages/1?preview=1')).toBe(true);
    // A preview shows the draft: the app call brings no published version along.
    expect(requests.some((r) => r.path === '/spapi/data/v1/apps/crm')).toBe(true);
    expect(screen.getByRole('link', { name: 'Sales CRM' })).toHaveAttribute(
      'href',
      '#/demo/0/apprunner?app=crm&page=home&preview=1',
    );
  });

  it('shows the sitemap inside the app, with the app’s footer', async () => {
    const { api } = runner('/apps/crm/_sitemap', undefined, { footerText: 'Sales team · internal' });
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales CRM' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pipeline filter' })).toHaveAttribute(
      'href',
      '/apps/crm/pipeline-filter',
    );
  });
});
