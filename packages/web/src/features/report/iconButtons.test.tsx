import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';
import { ReportPager } from './ReportPager';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const meta = {
  title: 'Deals',
  rootTypeId: 10_001,
  rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true } },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {},
};

/** Tabs to a button, as a keyboard user does, and expects its tooltip to read `text`. */
async function expectTooltip(button: HTMLElement, text: string) {
  for (let i = 0; i < 40 && document.activeElement !== button; i++) await userEvent.tab();
  expect(document.activeElement).toBe(button);
  await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(text), { timeout: 2000 });
}

describe("the report's icon-only buttons", () => {
  it('name the pager’s previous and next buttons and show tooltips', async () => {
    const onPrevious = vi.fn();
    render(
      <ReportPager
        page={2}
        availablePagesCount={3}
        slots={[1, 2, 3]}
        containerWidth={1200}
        breakpoint="lg"
        onGotoPage={vi.fn()}
        onPrevious={onPrevious}
        onNext={vi.fn()}
      />,
    );
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    await expectTooltip(within(pager).getByRole('button', { name: 'Previous page' }), 'Previous page');
    await expectTooltip(within(pager).getByRole('button', { name: 'Next page' }), 'Next page');
  });

  describe('in the toolbar', () => {
    afterEach(() => window.history.pushState(null, '', '/'));

    it('name Refresh, More actions and Full view and show tooltips', async () => {
      window.history.pushState(null, '', '/apps/crm/_report/7');
      const { api } = fakeApi((path) => {
        if (path === '/auth/me') return { status: 200, body: me };
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
        return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
      });
      render(<App client={api} />);
      const toolbar = await screen.findByRole('toolbar', { name: 'Report toolbar' });
      await within(screen.getByRole('grid', { name: 'Deals' })).findByText('Alpha');
      await expectTooltip(within(toolbar).getByRole('button', { name: 'Refresh' }), 'Last refreshed');
      await expectTooltip(within(toolbar).getByRole('button', { name: 'More actions' }), 'More actions');
      await expectTooltip(within(toolbar).getByRole('button', { name: 'Full view' }), 'Full view');
    });
  });
});
