import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate, RouterProvider, useLocation } from '../../../app/router';
import { fakeApi } from '../../../test/fakeApi';
import { SessionProvider } from '../../auth/public';
import { BreadcrumbBar, BreadcrumbList } from './BreadcrumbBar';
import { withTrail } from './trailUrl';

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };

/** A server that seals names like the real one would (opaque), refusing values it did not make. */
function server() {
  return fakeApi((path, body) => {
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/breadcrumbs/encrypt') {
      const { names } = body as { names: string[] };
      return { status: 200, body: { values: names.map((n) => `v1.${btoa(encodeURIComponent(n))}`) } };
    }
    if (path === '/spapi/data/v1/breadcrumbs/decrypt') {
      const { values } = body as { values: string[] };
      return { status: 200, body: { names: values.map((v) => decodeURIComponent(atob(v.slice(3)))) } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
}

/** A page with a bar, whose name is its path's last part, and a link onwards built with withTrail. */
function Page() {
  const { pathname, search } = useLocation();
  const name = pathname.split('/').pop() ?? '';
  const url = `${pathname}${search}`;
  return (
    <>
      <BreadcrumbBar currentName={name} />
      <h1>{name}</h1>
      <button type="button" onClick={() => navigate(withTrail('/apps/crm/accounts', { url, name }))}>
        to accounts
      </button>
      <button type="button" onClick={() => navigate(withTrail('/apps/crm/acme', { url, name }))}>
        to acme
      </button>
    </>
  );
}

function Harness({ children }: { children: ReactNode }) {
  const { api } = server();
  return (
    <SessionProvider client={api}>
      <RouterProvider>{children}</RouterProvider>
    </SessionProvider>
  );
}

describe('the breadcrumb bar', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    window.history.pushState(null, '', '/apps/crm/home');
  });
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the pages that led here as links, the current one last and not a link, and goes back by keyboard', async () => {
    const user = userEvent.setup();
    render(
      <Harness>
        <Page />
      </Harness>,
    );
    await screen.findByRole('heading', { name: 'home' });
    // No trail on the first page: no bar.
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'to accounts' }));
    await screen.findByRole('heading', { name: 'accounts' });
    await user.click(screen.getByRole('button', { name: 'to acme' }));
    await screen.findByRole('heading', { name: 'acme' });

    const nav = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    const links = await within(nav).findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['home', 'accounts']);
    const current = within(nav).getByText('acme');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.closest('a')).toBeNull();
    expect(within(nav).getAllByRole('listitem').at(-1)).toContainElement(current);

    // Tab to the first crumb and press Enter: back on Home with no trail.
    links[0]!.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'home' });
    expect(window.location.search).toBe('');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).toBeNull();
  });

  it('never stores a page name in clear', async () => {
    const user = userEvent.setup();
    render(
      <Harness>
        <Page />
      </Harness>,
    );
    await screen.findByRole('heading', { name: 'home' });
    await user.click(await screen.findByRole('button', { name: 'to accounts' }));
    await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    const { openBreadcrumbStore } = await import('./breadcrumbStore');
    const store = await openBreadcrumbStore();
    const { breadcrumbIdOf } = await import('./trailUrl');
    const [home] = await store.getMany([breadcrumbIdOf('/apps/crm/home')]);
    store.close();
    expect(home?.name).toMatch(/^v1\./);
    expect(home?.name).not.toContain('home');
  });
});

describe('a long trail', () => {
  const crumbs = ['Home', 'Accounts', 'Acme', 'Contacts', 'Jane'].map((name, i) => ({
    id: `c${i}`,
    name,
    href: `/apps/crm/p${i}`,
  }));

  it('collapses to the first and the last two, with a button that shows the rest', async () => {
    const user = userEvent.setup();
    render(<BreadcrumbList crumbs={crumbs} currentName="Meeting notes" />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Contacts', 'Jane']);
    const more = within(nav).getByRole('button', { name: 'Show all breadcrumbs' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    await user.tab();
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Accounts', 'Acme', 'Contacts', 'Jane']);
    expect(within(nav).getByText('Meeting notes')).toHaveAttribute('aria-current', 'page');
  });

  it('shows nothing without a trail', () => {
    const { container } = render(<BreadcrumbList crumbs={[]} currentName="Home" />);
    expect(container).toBeEmptyDOMElement();
  });
});
