import type { NotificationItem } from '@plinth/schema';
import { ToastRegions } from '@plinth/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { NotificationBell } from './NotificationBell';
import { announceNotificationsChanged } from './useNotifications';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const deal: NotificationItem = {
  id: 10_040,
  subject: 'Deal won',
  message: 'The big deal closed.',
  isRead: false,
  createdAt: minutesAgo(5),
  emailState: 'sent',
  record: { id: 10_005, typeId: 30, name: 'Big deal' },
};
const welcome: NotificationItem = {
  id: 10_020,
  subject: 'Welcome',
  message: '',
  isRead: false,
  createdAt: minutesAgo(3 * 24 * 60),
  emailState: 'none',
  record: null,
};

/** The notification calls of one user, kept in memory as the server keeps them. */
function notificationServer(
  initial: NotificationItem[] = [deal, welcome],
  options: { failsList?: boolean } = {},
) {
  let items = initial.map((n) => ({ ...n }));
  const unread = () => items.filter((n) => !n.isRead).length;
  const fake = fakeApi((path, body, method) => {
    const read = /^\/spapi\/data\/v1\/notifications\/(\d+)\/read$/.exec(path);
    if (path.startsWith('/spapi/data/v1/notifications?') && method === 'GET') {
      if (options.failsList) return { status: 500, body: { error: { code: 'internal', message: 'Down.' } } };
      return { status: 200, body: { notifications: items, unreadCount: unread(), limit: 20 } };
    }
    if (read && method === 'POST') {
      const id = Number(read[1]);
      items = items.map((n) => (n.id === id ? { ...n, isRead: true } : n));
      const notification = items.find((n) => n.id === id);
      if (!notification)
        return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
      return { status: 200, body: { notification, unreadCount: unread() } };
    }
    if (path === '/spapi/data/v1/notifications/read-all' && method === 'POST') {
      const upTo = (body as { upToId?: number }).upToId ?? Number.MAX_SAFE_INTEGER;
      const marked = items.filter((n) => !n.isRead && n.id <= upTo).length;
      items = items.map((n) => (n.id <= upTo ? { ...n, isRead: true } : n));
      return { status: 200, body: { marked, unreadCount: unread() } };
    }
    if (path === '/spapi/data/v1/apps')
      return {
        status: 200,
        body: {
          apps: [
            {
              id: 70,
              slug: 'crm',
              name: 'Sales CRM',
              displayAlias: null,
              description: null,
              icon: null,
              defaultPageShowsMenu: true,
            },
          ],
        },
      };
    return { status: 404, body: { error: { code: 'not_found', message: `No fake for ${path}` } } };
  });
  return {
    ...fake,
    /** A notification arrives on the server. */
    add: (n: NotificationItem) => {
      items = [n, ...items];
    },
  };
}

function renderBell(server: ReturnType<typeof notificationServer>, appSlug: string | null = 'crm') {
  return render(
    <>
      <NotificationBell client={server.api} appSlug={appSlug} />
      <ToastRegions />
    </>,
  );
}

describe('NotificationBell', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the unread count in its name and lists the newest with what, when and the record', async () => {
    const user = userEvent.setup();
    renderBell(notificationServer());
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    await user.click(bell);
    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = within(popover).getByRole('list', { name: 'Notifications, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Unread: Deal won');
    expect(first).toHaveTextContent('The big deal closed.');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(within(first!).getByRole('link', { name: 'Open Big deal' })).toHaveAttribute(
      'href',
      '/apps/crm/_viewRecord?cid=10005&formMode=view',
    );
    // A notification about no record has no link; one from days ago shows its date.
    expect(second).toHaveTextContent('Welcome');
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(within(second!).getByRole('time')).toHaveAttribute('dateTime', welcome.createdAt);
  });

  it('marks a notification read when its record is opened, and opens the record', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderBell(server);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('link', { name: 'Open Big deal' }));
    expect(window.location.pathname).toBe('/apps/crm/_viewRecord');
    expect(window.location.search).toBe('?cid=10005&formMode=view');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/spapi/data/v1/notifications/10040/read',
    ]);
    // Opened again, it reads as read: no Unread mark, no Mark read button.
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const [first] = within(await screen.findByRole('list', { name: /newest first/ })).getAllByRole(
      'listitem',
    );
    expect(first).not.toHaveTextContent('Unread:');
    expect(within(first!).queryByRole('button', { name: /Mark read/ })).toBeNull();
  });

  it('marks one read by hand, then all those seen with Mark all read', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderBell(server);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark read: Welcome' }));
    // The open popover hides the page behind it from assistive technology, the bell included.
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread', hidden: true }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(server.requests.find((r) => r.path.endsWith('/read-all'))?.body).toEqual({ upToId: 10_040 });
  });

  it('asks again when told notifications changed (a workflow stopped)', async () => {
    const server = notificationServer([welcome]);
    renderBell(server);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    server.add({ ...deal, id: 10_050, createdAt: minutesAgo(0) });
    act(() => announceNotificationsChanged());
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('links records to the first app when no app is open, asking for the apps only once opened', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderBell(server, null);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(server.requests.some((r) => r.path === '/spapi/data/v1/apps')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByRole('link', { name: 'Open Big deal' })).toHaveAttribute(
      'href',
      '/apps/crm/_viewRecord?cid=10005&formMode=view',
    );
  });

  it('says so when the list cannot be loaded, and shows no count', async () => {
    const user = userEvent.setup();
    renderBell(notificationServer([], { failsList: true }));
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(await screen.findByRole('alert')).toHaveTextContent('The notifications could not be loaded.');
  });

  it('says there are none when the list is empty', async () => {
    const user = userEvent.setup();
    const server = notificationServer([]);
    renderBell(server);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });
});
