import { render, screen, within } from '@testing-library/react';
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
  anlcols: {},
};
const deals = ['Alpha', 'Bravo'].map((name, i) => ({ eid: 100 + i, values: [{ val: name }] }));

describe('the report’s full view', () => {
  beforeEach(() => window.history.pushState(null, '', '/apps/crm/_report/7'));
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the report in a modal titled once, by the modal', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi((path, body) => {
      if (path === '/auth/me') return { status: 200, body: me };
      if (path === '/spapi/data/v1/report/7') {
        const query = body as { metadata?: string; pageSize: number };
        return {
          status: 200,
          body: {
            ...(query.metadata === 'none' ? {} : { meta }),
            gdata: deals,
            pageSize: query.pageSize,
            lrt: '2026-11-22T03:00:00.000Z',
          },
        };
      }
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    });
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { name: 'Deals' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Full view' }));
    const modal = await screen.findByRole('dialog', { name: 'Deals' });
    expect(await within(modal).findByRole('grid', { name: 'Deals' })).toBeInTheDocument();
    expect(within(modal).getAllByRole('heading', { name: 'Deals' })).toHaveLength(1);
  });
});
