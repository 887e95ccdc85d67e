import { systemAction } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../../test/fakeApi';

/**
 * Deleting from the report grid (spec 01 §8, §9; issue 12 item 4): the confirmation names the
 * record, lists what goes with it, and the delete carries the ids it showed.
 */

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
  title: 'Opportunities',
  rootTypeId: 10_001,
  rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 3, entityname: true } },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {},
};
const quickMenu = {
  actions: [
    systemAction({
      id: -12,
      name: 'Delete',
      method: 'delete',
      state: 'delete',
      order: 12,
      iscontext: true,
      isselect: true,
      ismultiselect: true,
    }),
  ],
  showNewMenu: false,
  showExportMenu: false,
  showEditInlineButton: false,
  showEditInlineMenu: false,
  showFormPanelButton: false,
  showFormPanelMenu: false,
};

type Record = { id: number; name: string | null; typeName: string; parent?: number };

/** Opportunities 101 (two activities, one with a task), 102 (none) and 103 (forty activities). */
function records(): Record[] {
  return [
    { id: 101, name: 'Big deal', typeName: 'Opportunity' },
    { id: 102, name: 'Small deal', typeName: 'Opportunity' },
    { id: 103, name: 'Busy deal', typeName: 'Opportunity' },
    { id: 900, name: 'Call with Jane', typeName: 'Activity', parent: 101 },
    { id: 901, name: null, typeName: 'Activity', parent: 101 },
    { id: 902, name: 'Send notes', typeName: 'Task', parent: 900 },
    ...Array.from({ length: 40 }, (_, i) => ({
      id: 1000 + i,
      name: `Meeting ${i + 1}`,
      typeName: 'Activity',
      parent: 103,
    })),
  ];
}

type Dependent = { id: number; entitiesOnPath: unknown[] };
const nearestFirst = (list: Dependent[]) =>
  [...list].sort((a, b) => a.entitiesOnPath.length - b.entitiesOnPath.length || a.id - b.id);

/** A server that answers delete details from the records' parents, as the real one does. */
function server(options: { refuseDelete?: string; failDetails?: string } = {}) {
  let all = records();
  const byId = (id: number) => all.find((r) => r.id === id)!;
  const entry = (r: Record) => ({ id: r.id, name: r.name, typeName: r.typeName });
  const dependentsOf = (id: number, path: Record[]): Dependent[] =>
    all
      .filter((r) => r.parent === id)
      .flatMap((r) => [
        { ...entry(r), entitiesOnPath: [...path, byId(id)].map(entry) },
        ...dependentsOf(r.id, [...path, byId(id)]),
      ]);
  return fakeApi((path, body) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/tenantSettings') return { status: 200, body: settings };
    if (path === '/spapi/data/v1/report/7') {
      const query = body as { metadata?: string; pageSize: number };
      const gdata = all
        .filter((r) => r.typeName === 'Opportunity')
        .map((r) => ({ eid: r.id, values: [{ val: r.name }] }));
      return {
        status: 200,
        body: {
          ...(query.metadata === 'none' ? {} : { meta }),
          gdata,
          pageSize: query.pageSize,
          lrt: '2026-11-22T03:00:00Z',
        },
      };
    }
    if (path === '/spapi/data/v1/actions/menu') return { status: 200, body: { data: quickMenu } };
    if (path === '/spapi/data/v1/entity/deleteDetails') {
      if (options.failDetails) {
        return { status: 500, body: { error: { code: 'internal', message: options.failDetails } } };
      }
      const ids = (body as { ids: number[] }).ids;
      const entities = ids.map((id) => entry(byId(id)));
      return {
        status: 200,
        body: { entities, dependents: nearestFirst(ids.flatMap((id) => dependentsOf(id, []))), related: [] },
      };
    }
    if (path === '/spapi/data/v1/entity/delete') {
      if (options.refuseDelete) {
        return { status: 409, body: { error: { code: 'conflict', message: options.refuseDelete } } };
      }
      const { shown } = body as { ids: number[]; shown: number[] };
      all = all.filter((r) => !shown.includes(r.id));
      return { status: 200, body: { deleted: shown } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

/** Selects the row named `name` and chooses Delete from the toolbar's menu. */
async function askToDelete(name: string) {
  const user = userEvent.setup();
  const grid = await screen.findByRole('grid', { name: 'Opportunities' });
  await user.click(await within(grid).findByText(name));
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: /^Delete/ }));
  return { user, dialog: () => screen.findByRole('alertdialog', { name: 'Confirm delete' }) };
}

describe('deleting from the report', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.pushState(null, '', '/apps/crm/_report/7');
  });
  afterEach(() => window.history.pushState(null, '', '/'));

  it('names the record, lists its dependents, and deletes exactly what it showed', async () => {
    const { api, requests } = server();
    render(<App client={api} />);
    const { user, dialog: opened } = await askToDelete('Big deal');
    const dialog = await opened();
    expect(
      await within(dialog).findByText("Are you sure that you want to delete Opportunity 'Big deal'?"),
    ).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', {
      name: 'These 3 records depend on it and will be deleted too:',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Activity Call with Jane',
      'Activity Unnamed resource',
      "Task Send notes (of Opportunity 'Big deal' › Activity 'Call with Jane')",
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("Opportunity 'Big deal' successfully deleted.")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('grid', { name: 'Opportunities' })).queryByText('Big deal')).toBeNull(),
    );
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/deleteDetails')?.body).toEqual({
      ids: [101],
    });
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/delete')?.body).toEqual({
      ids: [101],
      shown: [101, 900, 901, 902],
    });
  });

  it('shows no list for a record nothing depends on', async () => {
    const { api } = server();
    render(<App client={api} />);
    const { dialog: opened } = await askToDelete('Small deal');
    const dialog = await opened();
    expect(
      await within(dialog).findByText("Are you sure that you want to delete Opportunity 'Small deal'?"),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeEnabled());
    expect(within(dialog).queryByRole('list')).toBeNull();
  });

  it('keeps a long list of dependents in a list that scrolls, at most 24rem high', async () => {
    const { api } = server();
    render(<App client={api} />);
    const { dialog: opened } = await askToDelete('Busy deal');
    const dialog = await opened();
    const list = await within(dialog).findByRole('list', {
      name: 'These 40 records depend on it and will be deleted too:',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    expect(list).toHaveClass('pl-delete-confirm__dependents');
    // Reachable by keyboard, so it can be scrolled without a mouse.
    expect(list).toHaveAttribute('tabindex', '0');
  });

  it('shows the refusal of a delete that would take more than was shown, and the rows stay', async () => {
    const refusal =
      "The delete would now also take Activity 'Late call', which was not shown. Nothing was deleted; " +
      'delete again to see everything it takes.';
    const { api } = server({ refuseDelete: refusal });
    render(<App client={api} />);
    const { user, dialog: opened } = await askToDelete('Big deal');
    const dialog = await opened();
    await within(dialog).findByRole('list');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("Failed to delete Opportunity 'Big deal'.")).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(
      within(screen.getByRole('grid', { name: 'Opportunities' })).getByText('Big deal'),
    ).toBeInTheDocument();
  });

  it('says when the delete details cannot be read, and deletes nothing', async () => {
    const { api, requests } = server({ failDetails: 'The server is busy.' });
    render(<App client={api} />);
    await askToDelete('Big deal');
    expect(
      await screen.findByText("An error occured getting delete details for 'Big deal'."),
    ).toBeInTheDocument();
    expect(screen.getByText('The server is busy.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Confirm delete' })).toBeNull());
    expect(requests.some((r) => r.path === '/spapi/data/v1/entity/delete')).toBe(false);
  });
});
