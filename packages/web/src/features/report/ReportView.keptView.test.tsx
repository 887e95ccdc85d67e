import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';
import { keptViewKey } from '../keptReportViews/public';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
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

type Query = { quickSearch?: string; metadata?: string; pageSize: number; sort?: unknown; isReset?: boolean };

/** A server with one report of three deals, answering searches. */
function server() {
  return fakeApi((path, body) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/tenantSettings')
      return {
        status: 200,
        body: {
          tenantName: 'Demo',
          currencySymbol: '$',
          nameFieldLabel: 'Name',
          timeZone: 'UTC',
          locale: 'en-AU',
          financialYearStartMonth: 7,
        },
      };
    if (path === '/spapi/data/v1/report/7') {
      const query = body as Query;
      const search = query.quickSearch?.toLowerCase() ?? '';
      const found = deals.filter((r) => String(r.values[0]!.val).toLowerCase().includes(search));
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
    if (path === '/spapi/data/v1/actions/menu')
      return {
        status: 200,
        body: {
          data: {
            actions: [],
            showNewMenu: false,
            showExportMenu: false,
            showEditInlineButton: false,
            showEditInlineMenu: false,
            showFormPanelButton: false,
            showFormPanelMenu: false,
          },
        },
      };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

/** A column header of the grid as it is now (the grid is drawn again after a fetch). */
const header = async (name: string) =>
  within(await screen.findByRole('grid', { name: 'Deals' })).findByRole('columnheader', { name });

const reportQueries = (requests: Array<{ path: string; body: unknown }>) =>
  requests.filter((r) => r.path === '/spapi/data/v1/report/7').map((r) => r.body as Query);

async function openReport() {
  const fake = server();
  const view = render(<App client={fake.api} />);
  const grid = await screen.findByRole('grid', { name: 'Deals' });
  await within(grid).findByText('Alpha');
  return { ...fake, ...view, grid };
}

describe('the report view kept for the user (issue 12, decision 0035)', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.pushState(null, '', '/apps/crm/_report/7');
  });
  afterEach(() => window.history.pushState(null, '', '/'));

  it('keeps a header sort and the quick search across a remount, until Reset to default', async () => {
    const user = userEvent.setup();
    const first = await openReport();
    await user.click(await header('Amount'));
    await waitFor(async () => expect(await header('Amount')).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(await header('Amount'));
    await waitFor(() =>
      expect(reportQueries(first.requests).at(-1)?.sort).toEqual([{ colid: 'amount', order: 'Descending' }]),
    );
    await user.type(screen.getByRole('searchbox'), 'al');
    await waitFor(() => expect(reportQueries(first.requests).at(-1)?.quickSearch).toBe('al'), {
      timeout: 3000,
    });
    expect(JSON.parse(localStorage.getItem(keptViewKey(1, 2, 7)) ?? '{}')).toMatchObject({
      sort: [{ colid: 'amount', order: 'Descending' }],
      searchValue: 'al',
    });
    first.unmount();

    // Opened again: one report call, the app's prefetch made while it starts, has the kept sort
    // and search (the user it was kept for is remembered); the header and the box show them.
    const second = await openReport();
    const queries = reportQueries(second.requests);
    expect(queries).toEqual([
      {
        startIndex: 0,
        pageSize: 201,
        metadata: 'full',
        quickSearch: 'al',
        sort: [{ colid: 'amount', order: 'Descending' }],
        usage: 'Default',
      },
    ]);
    expect(await header('Amount')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('searchbox')).toHaveValue('al');

    // Reset to default: 'Confirm Reset', the toast, and nothing kept.
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Reset' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Table has been reset to default view.')).toBeInTheDocument();
    await waitFor(() => expect(reportQueries(second.requests).at(-1)?.isReset).toBe(true));
    await waitFor(async () => expect(await header('Name')).toHaveAttribute('aria-sort', 'ascending'));
    expect(await header('Amount')).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(localStorage.getItem(keptViewKey(1, 2, 7))).toBeNull();
    second.unmount();

    const third = await openReport();
    expect(reportQueries(third.requests)[0]).not.toHaveProperty('sort');
    expect(reportQueries(third.requests)[0]).not.toHaveProperty('quickSearch');
  });

  it('keeps nothing for another user', async () => {
    localStorage.setItem(
      keptViewKey(1, 3, 7),
      JSON.stringify({ version: 1, sort: [{ colid: 'amount', order: 'Descending' }] }),
    );
    const { requests } = await openReport();
    expect(reportQueries(requests)[0]).not.toHaveProperty('sort');
  });
});
