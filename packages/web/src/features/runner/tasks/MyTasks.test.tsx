import 'fake-indexeddb/auto';
import type { ListTasksResponse, TaskItem, TaskState } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/App';
import { runner } from '../test/runnerServerHarness';

/** My tasks and a task's view (decision 0131), against the runner's fake server. */

const settings = {
  tenantName: 'Demo',
  currencySymbol: '$',
  nameFieldLabel: 'Name',
  timeZone: 'Australia/Sydney',
  locale: 'en-AU',
  financialYearStartMonth: 7,
  confirmExternalLinks: true,
};

const task = (id: number, name: string, extra: Partial<TaskItem> = {}): TaskItem => ({
  id,
  name,
  version: 3,
  dueDate: '2026-03-19',
  isOverdue: false,
  isComplete: false,
  completedAt: null,
  createdAt: '2026-03-15T01:00:00.000Z',
  assignedToUser: { id: 2, name: 'admin' },
  record: { id: 5, typeId: 30, name: 'Acme Pty' },
  formToUse: null,
  openInEditMode: true,
  promptForTaskIsPopup: false,
  navigateToTaskUrl: `_editRecord?cid=5&taskId=${id}`,
  runId: 900,
  canComplete: true,
  ...extra,
});

const listOf = (state: TaskState, tasks: TaskItem[], counts = { open: 2, due: 1, done: 1 }) => ({
  status: 200,
  body: { state, tasks, counts, today: '2026-03-16', limit: 50, offset: 0 } satisfies ListTasksResponse,
});

const call = task(31, 'Call Acme to thank them');
const overdue = task(32, 'Send the contract', {
  dueDate: '2026-03-14',
  isOverdue: true,
  record: { id: 5, typeId: 30, name: 'Acme Pty' },
});
const done = task(33, 'Book the kick-off', {
  isComplete: true,
  completedAt: '2026-03-15T23:30:00.000Z',
  dueDate: null,
});
const stale = {
  status: 412,
  body: { error: { code: 'precondition_failed', message: 'It changed.', details: { id: 31, version: 4 } } },
};

/** The fake's answers to the task calls: lists by state, tasks by id, completions in turn. */
function taskServer(
  lists: Partial<Record<TaskState, () => ReturnType<typeof listOf>>>,
  tasks: Record<number, () => TaskItem>,
  completions: Array<{ status: number; body: unknown }> = [],
) {
  return (url: string) => {
    const list = /^\/spapi\/data\/v1\/tasks\?state=(\w+)&limit=50&offset=0$/.exec(url);
    if (list) return lists[list[1] as TaskState]?.() ?? listOf(list[1] as TaskState, []);
    const one = /^\/spapi\/data\/v1\/tasks\/(\d+)$/.exec(url);
    if (one) {
      const found = tasks[Number(one[1])];
      return found
        ? { status: 200, body: { task: found(), today: '2026-03-16' } }
        : { status: 404, body: { error: { code: 'not_found', message: 'The task was not found.' } } };
    }
    const patched = /^\/spapi\/data\/v1\/entity\/(\d+)$/.exec(url);
    // Account 5's form saves by the same call; the other ids are tasks.
    if (patched?.[1] === '5') return { status: 200, body: { id: 5, version: 4 } };
    if (patched) return completions.shift() ?? stale;
    return undefined;
  };
}

describe('My tasks', () => {
  afterEach(() => {
    toast.clearAll();
    window.history.pushState(null, '', '/');
  });

  it('lists the open tasks, overdue marked, with the record each is about, and switches lists', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner(
      '/apps/crm/_tasks',
      settings,
      {},
      taskServer({ open: () => listOf('open', [overdue, call]), done: () => listOf('done', [done]) }, {}),
    );
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My tasks' })).toBeVisible();
    const menu = screen.getByRole('navigation', { name: 'App menu' });
    expect(within(menu).getByRole('link', { name: 'My tasks' })).toHaveAttribute('aria-current', 'page');
    const items = within(await screen.findByRole('list', { name: 'Open tasks' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Send the contractAbout Acme PtyOverdue Due 14/03/2026',
      'Call Acme to thank themAbout Acme PtyDue 19/03/2026',
    ]);
    expect(screen.getByRole('tab', { name: 'Open 2' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Due 1' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Done 1' }));
    await waitFor(() => expect(window.location.search).toBe('?state=done'));
    expect(await screen.findByText('Book the kick-off')).toBeVisible();
    // Completed at 10:30 in Sydney (the tenant's zone), the next day in UTC terms.
    expect(screen.getByText('Completed 16/03/2026 10:30 AM')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Due 1' }));
    expect(await screen.findByText('Nothing is due today, and nothing is overdue.')).toBeVisible();
    expect(requests.map((r) => r.path).filter((p) => p.startsWith('/spapi/data/v1/tasks'))).toEqual([
      '/spapi/data/v1/tasks?state=open&limit=50&offset=0',
      '/spapi/data/v1/tasks?state=done&limit=50&offset=0',
      '/spapi/data/v1/tasks?state=due&limit=50&offset=0',
    ]);
  });

  it('opens a task on its record’s form with the task above it; a stale version is refused and said', async () => {
    const user = userEvent.setup();
    let current = call;
    const { api, requests } = runner(
      '/apps/crm/_tasks',
      settings,
      {},
      taskServer({ open: () => listOf('open', [current]) }, { 31: () => current }, [
        stale,
        { status: 200, body: { id: 31, version: 5 } },
      ]),
    );
    render(<App client={api} />);
    await user.click(await screen.findByRole('link', { name: 'Call Acme to thank them' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_tasks/31'));
    // The task says edit mode: the record's own edit page, the task above its form.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Acme Pty' })).toBeVisible();
    const banner = screen.getByRole('region', { name: 'Task' });
    expect(banner).toHaveTextContent('Task: Call Acme to thank them');
    expect(banner).toHaveTextContent('Due 19/03/2026');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Acme Pty');

    // Changes to the record are saved before the task is completed.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Ltd');
    expect(within(banner).getByRole('button', { name: 'Complete task' })).toBeDisabled();
    expect(banner).toHaveTextContent('Save your changes before completing the task.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(within(banner).getByRole('button', { name: 'Complete task' })).toBeEnabled());
    // Someone changed the task meanwhile: refused, said, and read again; the form stays as it is.
    current = { ...call, version: 4 };
    await user.click(within(banner).getByRole('button', { name: 'Complete task' }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent(
      'The task was changed by someone else after you opened it. It has been read again: check it and complete it again.',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeVisible();
    expect(requests.filter((r) => r.path === '/spapi/data/v1/tasks/31').length).toBeGreaterThanOrEqual(2);
    const patches = () => requests.filter((r) => r.path === '/spapi/data/v1/entity/31');
    expect(patches()).toHaveLength(1);
    expect(patches()[0]).toMatchObject({ method: 'PATCH', body: { fields: { userTaskIsComplete: true } } });

    current = { ...call, version: 5, isComplete: true, completedAt: '2026-03-16T00:00:00.000Z' };
    await user.click(within(banner).getByRole('button', { name: 'Complete task' }));
    expect(await screen.findByText('Task completed: Call Acme to thank them')).toBeVisible();
    await waitFor(() => expect(banner).toHaveTextContent('Completed 16/03/2026 11:00 AM'));
    expect(within(banner).queryByRole('button', { name: 'Complete task' })).toBeNull();
  });

  it('opens a popup task in a modal and reads the list again once it is completed', async () => {
    const user = userEvent.setup();
    const popup = task(34, 'Approve the discount', { promptForTaskIsPopup: true, openInEditMode: false });
    let open = [popup, call];
    const { api, requests } = runner(
      '/apps/crm/_tasks',
      settings,
      {},
      taskServer({ open: () => listOf('open', open) }, { 34: () => popup }, [
        { status: 200, body: { id: 34, version: 4 } },
      ]),
    );
    render(<App client={api} />);
    await user.click(await screen.findByRole('link', { name: 'Approve the discount' }));
    const dialog = await screen.findByRole('dialog', { name: 'View Acme Pty' });
    expect(window.location.pathname).toBe('/apps/crm/_tasks');
    const banner = within(dialog).getByRole('region', { name: 'Task' });
    expect(banner).toHaveTextContent('Task: Approve the discount');
    open = [call];
    await user.click(within(banner).getByRole('button', { name: 'Complete task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Approve the discount' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Call Acme to thank them' })).toBeVisible();
    expect(
      requests.filter((r) => r.path === '/spapi/data/v1/tasks?state=open&limit=50&offset=0'),
    ).toHaveLength(2);
  });

  it('shows the task above a record route opened for it, and a task opened as NAVIGATE_TO_TASK in view mode', async () => {
    const { api } = runner(
      '/apps/crm/_editRecord?cid=5&taskId=31&formMode=edit',
      settings,
      {},
      taskServer({}, { 31: () => call }),
    );
    const { unmount } = render(<App client={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Acme Pty' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Task' })).toHaveTextContent(
      'Task: Call Acme to thank them',
    );
    expect(screen.getByRole('button', { name: 'Complete task' })).toBeEnabled();
    unmount();

    // NAVIGATE_TO_TASK's address: always view mode, whatever the task says.
    const again = runner(
      '/apps/crm/_tasks/31?formMode=view',
      settings,
      {},
      taskServer({}, { 31: () => call }),
    );
    render(<App client={again.api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'View Acme Pty' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Task' })).toHaveTextContent('Task: Call Acme to thank them');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('still offers a task whose record the user may not open, and says a task that is not there', async () => {
    const hidden = task(35, 'Review the hidden deal', { record: null, navigateToTaskUrl: null });
    const { api } = runner('/apps/crm/_tasks/35', settings, {}, taskServer({}, { 35: () => hidden }));
    const { unmount } = render(<App client={api} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Task: Review the hidden deal' }),
    ).toBeVisible();
    expect(screen.getByText('This task is about no record you can open.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Complete task' })).toBeEnabled();
    unmount();

    const missing = runner('/apps/crm/_tasks/36', settings, {}, taskServer({}, {}));
    render(<App client={missing.api} />);
    expect(await screen.findByText('The task could not be read. The task was not found.')).toBeVisible();
  });
});
