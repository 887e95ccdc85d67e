import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const meta = {
  title: 'Deals',
  rootTypeId: 10_001,
  rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true } },
  sort: [{ colid: 'name', order: 'Ascending' }],
  // The report's own filter: names containing 'a'.
  anlcols: {
    f1: { colid: 'name', title: 'Name', type: 'String', oper: 'Contains', value: 'a', hidden: false },
  },
};
const deals = ['Alpha', 'Bravo', 'Echo'].map((name, i) => ({ eid: 100 + i, values: [{ val: name }] }));

function server() {
  return fakeApi((path, body) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/report/7') {
      const query = body as { metadata?: string; pageSize: number; conds?: unknown[] };
      const filtered = (query.conds?.length ?? 0) > 0;
      return {
        status: 200,
        body: {
          ...(query.metadata === 'none' ? {} : { meta }),
          gdata: filtered ? deals.filter((d) => String(d.values[0]!.val).includes('a')) : deals,
          pageSize: query.pageSize,
          lrt: '2026-11-22T03:00:00.000Z',
        },
      };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

describe('the report page’s filter chips', () => {
  beforeEach(() => window.history.pushState(null, '', '/apps/crm/_report/7'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows a chip for an applied filter, and its clear button applies the rest', async () => {
    const user = userEvent.setup();
    const { api, requests } = server();
    render(<App client={api} />);
    const chips = await screen.findByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByRole('listitem', { name: 'Name Contains a' })).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Clear Name filter' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument(),
    );
    // The cleared filter goes to the server without its value, overriding the report's own.
    await waitFor(() => {
      const last = requests.filter((r) => r.path === '/spapi/data/v1/report/7').at(-1)?.body as {
        conds?: Array<{ expid: string; value?: unknown }>;
      };
      expect(last.conds?.find((c) => c.expid === 'f1')?.value).toBeUndefined();
    });
  });
});
