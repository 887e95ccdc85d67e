import { systemAction } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
const meta = {
  title: 'Deals',
  rootTypeId: 10_001,
  rcols: {
    name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true },
    amount: { title: 'Amount', type: 'Currency', ord: 1, hide: false, fid: 10_010, places: 2 },
  },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {},
};
const deals = ['Alpha', 'Bravo', 'Charlie'].map((name, i) => ({
  eid: 100 + i,
  values: [{ val: name }, { val: 1000 * (i + 1) }],
}));
const action = (id: number, name: string, method: 'delete' | 'custom', state: string, extra: object = {}) =>
  systemAction({ id, name, method, state, order: -id, ...extra });
const quickMenu = {
  actions: [
    action(-12, 'Delete', 'delete', 'delete', { iscontext: true, isselect: true, ismultiselect: true }),
    action(-5, 'Multi-select', 'custom', 'enterMultiSelectMode'),
  ],
  showNewMenu: false,
  showExportMenu: false,
  showEditInlineButton: false,
  showEditInlineMenu: false,
  showFormPanelButton: false,
  showFormPanelMenu: false,
};

/** A server with one report of three deals; deleting removes them. */
function server() {
  let rows = [...deals];
  return fakeApi((path, body) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: settings };
    if (path === '/spapi/data/v1/report/7') {
      const query = body as { quickSearch?: string; metadata?: string; pageSize: number };
      const search = query.quickSearch?.toLowerCase() ?? '';
      const found = rows.filter((r) => String(r.values[0]!.val).toLowerCase().includes(search));
      return {
        status: 200,
        body: {
          ...(query.metadata === 'none' ? {} : { meta }),
          gdata: found,
          pageSize: query.pageSize,
          lrt: '2026-11-22T03:00:00.000Z',
        },
      };
    }
    if (path === '/spapi/data/v1/actions/menu') return { status: 200, body: { data: quickMenu } };
    if (path === '/spapi/data/v1/entity/deleteDetails') {
      const ids = (body as { ids: number[] }).ids;
      const entities = rows
        .filter((r) => ids.includes(r.eid))
        .map((r) => ({ id: r.eid, name: String(r.values[0]!.val), typeName: 'Deal' }));
      return { status: 200, body: { entities, dependents: [], related: [] } };
    }
    if (path === '/spapi/data/v1/entity/delete') {
      const ids = (body as { ids: number[] }).ids;
      rows = rows.filter((r) => !ids.includes(r.eid));
      return { status: 200, body: { deleted: ids } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

describe('the report page', () => {
  beforeEach(() => {
    // Each test starts from the report's own view, not the search an earlier test kept.
    localStorage.clear();
    window.history.pushState(null, '', '/apps/crm/_report/7');
  });
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the report title, its rows with formatted values, and the count text', async () => {
    const { api } = server();
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { name: 'Deals' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    expect(await within(grid).findByText('Alpha')).toBeInTheDocument();
    expect(within(grid).getByText('$3,000.00')).toBeInTheDocument();
    expect(screen.getByText('1-3 of 3')).toBeInTheDocument();
  });

  it('asks for the first page and the quick menu while the app starts, once each, and reads the tenant settings once', async () => {
    const { api, requests } = server();
    render(<App client={api} />);
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    expect(await within(grid).findByText('Alpha')).toBeInTheDocument();
    const paths = requests.map((r) => r.path);
    expect(paths.filter((p) => p === '/spapi/data/v1/report/7')).toHaveLength(1);
    expect(paths.filter((p) => p === '/spapi/data/v1/tenantSettings')).toHaveLength(1);
    expect(paths.filter((p) => p === '/spapi/data/v1/actions/menu')).toHaveLength(1);
    // Asked for beside the session check, not after it.
    expect(paths.indexOf('/spapi/data/v1/report/7')).toBeLessThan(paths.indexOf('/auth/me'));
  });

  it('searches what the user types in Find a record, once typing pauses', async () => {
    const user = userEvent.setup();
    const { api, requests } = server();
    render(<App client={api} />);
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    await within(grid).findByText('Alpha');
    await user.type(screen.getByRole('searchbox', { name: 'Find a record' }), 'bra');
    await waitFor(
      () => {
        // The grid is placed again after the loading placeholders: find it afresh.
        const rows = screen.getByRole('grid', { name: 'Deals' });
        expect(within(rows).getByText('Bravo')).toBeInTheDocument();
        expect(within(rows).queryByText('Alpha')).not.toBeInTheDocument();
      },
      { timeout: 3000 },
    );
    const searches = requests.filter((r) => r.path === '/spapi/data/v1/report/7').map((r) => r.body);
    expect(searches.at(-1)).toMatchObject({ quickSearch: 'bra', startIndex: 0 });
    // Debounced: one search for the three keystrokes.
    expect(searches.filter((b) => (b as { quickSearch?: string }).quickSearch !== undefined)).toHaveLength(1);
  });

  it('deletes the selected record after the confirmation, and the row goes', async () => {
    const user = userEvent.setup();
    const { api, requests } = server();
    render(<App client={api} />);
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    await user.click(await within(grid).findByText('Bravo'));
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeEnabled());
    expect(dialog).toHaveTextContent("Are you sure that you want to delete Deal 'Bravo'?");
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => {
      const rows = screen.getByRole('grid', { name: 'Deals' });
      expect(within(rows).getByText('Alpha')).toBeInTheDocument();
      expect(within(rows).queryByText('Bravo')).not.toBeInTheDocument();
    });
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/delete')?.body).toEqual({
      ids: [101],
      shown: [101],
    });
  });
});

describe('a public report', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows its rows to a signed-out visitor through the public call, without actions', async () => {
    window.history.pushState(null, '', '/public/demo/report/7');
    const { api, requests } = fakeApi((path, body) => {
      if (path === '/spapi/data/v1/public/demo/report/7') {
        const query = body as { pageSize: number };
        return {
          status: 200,
          body: { meta, gdata: deals, pageSize: query.pageSize, lrt: '2026-11-22T03:00:00Z' },
        };
      }
      return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in first.' } } };
    });
    render(<App client={api} />);
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    expect(await within(grid).findByText('Charlie')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/public/demo/report/7');
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/spapi/data/v1/actions'))).toBe(false);
    expect(requests.some((r) => r.path === '/spapi/data/v1/report/7')).toBe(false);
  });
});
