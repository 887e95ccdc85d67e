import type { DeleteFlowNotice, DeleteFlowOutcome } from '@plinth/grid';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, fakeApi } from '../../../test/fakeApi';
import { SessionProvider } from '../../auth/public';
import { RecordDeleteDialog } from './RecordDeleteDialog';
import { useRecordDelete } from './useRecordDelete';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };
const acme = { id: 7, name: 'Acme', typeName: 'Account' };
const noDetails = { entities: [acme], dependents: [], related: [] };

function server(answer: FakeHandler) {
  return fakeApi((path, body, method) => {
    if (path === '/auth/me') return { status: 200, body: me };
    return answer(path, body, method);
  });
}

const fail = (status: number, message: string) => ({
  status,
  body: { error: { code: status === 409 ? 'conflict' : 'forbidden', message } },
});

/** A record page's Delete action, with the flow's toasts and outcome recorded. */
function RecordPage({
  items,
  notices,
  outcomes,
}: {
  items: Parameters<ReturnType<typeof useRecordDelete>['start']>[0];
  notices: DeleteFlowNotice[];
  outcomes: DeleteFlowOutcome[];
}) {
  const recordDelete = useRecordDelete({
    notify: (n) => notices.push(n),
    onFinished: (o) => outcomes.push(o),
  });
  return (
    <>
      <button type="button" onClick={() => recordDelete.start(items)}>
        Delete
      </button>
      <RecordDeleteDialog recordDelete={recordDelete} />
    </>
  );
}

function open(handler: FakeHandler, items: Parameters<ReturnType<typeof useRecordDelete>['start']>[0]) {
  const { api, requests } = server(handler);
  const notices: DeleteFlowNotice[] = [];
  const outcomes: DeleteFlowOutcome[] = [];
  const user = userEvent.setup();
  // StrictMode runs effects twice, as the app does in development.
  render(
    <StrictMode>
      <SessionProvider client={api}>
        <RecordPage items={items} notices={notices} outcomes={outcomes} />
      </SessionProvider>
    </StrictMode>,
  );
  const dialog = async () => {
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    return screen.findByRole('alertdialog', { name: 'Confirm delete' });
  };
  return { requests, notices, outcomes, user, dialog };
}

describe('the record delete dialog', () => {
  it('names the record it read, lists its dependents in a scrolling list, and deletes what it showed', async () => {
    const t = open(
      (path) => {
        if (path.startsWith('/spapi/data/v1/entity/7?query='))
          return {
            status: 200,
            body: {
              id: 7,
              typeId: 20,
              alias: null,
              name: 'Acme',
              version: 1,
              canModify: true,
              canDelete: true,
              isOfType: { name: 'Account' },
            },
          };
        if (path === '/spapi/data/v1/entity/deleteDetails')
          return {
            status: 200,
            body: {
              entities: [acme],
              dependents: Array.from({ length: 30 }, (_, i) => ({
                id: 100 + i,
                name: `Call ${i}`,
                typeName: 'Activity',
                entitiesOnPath: [acme],
              })),
              related: [],
            },
          };
        if (path === '/spapi/data/v1/entity/delete')
          return { status: 200, body: { deleted: [7, ...Array.from({ length: 30 }, (_, i) => 100 + i)] } };
        return fail(404, 'Not found.');
      },
      { id: 7, name: undefined, typeName: undefined },
    );
    const dialog = await t.dialog();
    expect(
      await within(dialog).findByText("Are you sure that you want to delete Account 'Acme'?"),
    ).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', {
      name: 'These 30 records depend on it and will be deleted too:',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    expect(list).toHaveClass('pl-delete-confirm__dependents');
    expect(list).toHaveAttribute('tabindex', '0');
    expect(t.requests.map((r) => r.path)).toContain(
      `/spapi/data/v1/entity/7?query=${encodeURIComponent('name, isOfType.name')}`,
    );

    await t.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(t.requests.find((r) => r.path === '/spapi/data/v1/entity/delete')?.body).toEqual({
      ids: [7],
      shown: [7, ...Array.from({ length: 30 }, (_, i) => 100 + i)],
    });
    expect(t.notices).toEqual([{ kind: 'success', title: "Account 'Acme' successfully deleted." }]);
    expect(t.outcomes).toMatchObject([
      { outcome: 'deleted', message: "Account 'Acme' successfully deleted." },
    ]);
  });

  it('waits for the delete details before Yes can be pressed, and No cancels without deleting', async () => {
    const t = open((path) => {
      if (path === '/spapi/data/v1/entity/deleteDetails') return { status: 200, body: noDetails };
      return fail(404, 'Not found.');
    }, acme);
    const dialog = await t.dialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeEnabled());
    expect(within(dialog).queryByRole('list')).toBeNull();
    await t.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(t.requests.some((r) => r.path === '/spapi/data/v1/entity/delete')).toBe(false);
    expect(t.outcomes).toEqual([{ outcome: 'cancelled' }]);
    expect(t.notices).toEqual([]);
  });

  it("says 'Failed to delete {type} '{name}'. {message}' when the server refuses", async () => {
    const t = open((path) => {
      if (path === '/spapi/data/v1/entity/deleteDetails') return { status: 200, body: noDetails };
      if (path === '/spapi/data/v1/entity/delete')
        return fail(409, 'The delete would now also take more than was shown.');
      return fail(404, 'Not found.');
    }, acme);
    const dialog = await t.dialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeEnabled());
    await t.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const text = 'The delete would now also take more than was shown.';
    expect(t.notices).toEqual([{ kind: 'error', title: "Failed to delete Account 'Acme'.", text }]);
    expect(t.outcomes).toMatchObject([
      { outcome: 'failure', error: { message: `Failed to delete Account 'Acme'. ${text}`, status: 409 } },
    ]);
  });

  it("closes with 'An error occured getting delete details for '{name}'. {message}'", async () => {
    const t = open(() => fail(403, 'You do not have permission to do this.'), acme);
    await t.user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(t.outcomes).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(t.notices).toEqual([
      {
        kind: 'error',
        title: "An error occured getting delete details for 'Acme'.",
        text: 'You do not have permission to do this.',
      },
    ]);
  });

  it('deletes several records at once: these {n} items', async () => {
    const t = open(
      (path) => {
        if (path === '/spapi/data/v1/entity/deleteDetails')
          return { status: 200, body: { entities: [], dependents: [], related: [] } };
        if (path === '/spapi/data/v1/entity/delete') return { status: 200, body: { deleted: [1, 2] } };
        return fail(404, 'Not found.');
      },
      [
        { id: 1, name: 'A', typeName: 'Deal' },
        { id: 2, name: 'B', typeName: 'Deal' },
      ],
    );
    const dialog = await t.dialog();
    expect(
      within(dialog).getByText('Are you sure that you want to delete these 2 items?'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeEnabled());
    await t.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(t.notices).toEqual([{ kind: 'success', title: 'Successfully deleted 2 items.' }]),
    );
  });
});
