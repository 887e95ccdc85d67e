import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { crmApp } from '../test/runnerFixtures';
import { AppMenuBar } from './AppMenuBar';

const host = { kind: 'path' } as const;

describe('AppMenuBar', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows the menu’s pages and folders in order, leaving out hidden pages and pages needing a record', () => {
    render(<AppMenuBar app={crmApp()} currentPageId={1} host={host} />);
    const nav = screen.getByRole('navigation', { name: 'App menu' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Home', 'Sales ▾']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByText('Drafts')).toBeNull();
    expect(within(nav).queryByText('Account')).toBeNull();
  });

  it('opens a folder and goes to the page chosen', async () => {
    const user = userEvent.setup();
    render(<AppMenuBar app={crmApp()} currentPageId={1} host={host} />);
    await user.click(screen.getByRole('button', { name: 'Sales' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Opportunities', 'Accounts']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Accounts' }));
    expect(window.location.pathname).toBe('/apps/crm/accounts');
  });

  it('shows the app name, as the home link when the app says so, by its alias when it has one', () => {
    const { rerender } = render(
      <AppMenuBar app={crmApp({ displayAlias: 'CRM' })} currentPageId={2} host={host} />,
    );
    expect(screen.getByRole('link', { name: 'CRM' })).toHaveAttribute('href', '/apps/crm/home');
    rerender(
      <AppMenuBar
        app={crmApp({ menuAppNameHome: false, menuAppNameAlign: 'right' })}
        currentPageId={2}
        host={host}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Sales CRM' })).toBeNull();
    expect(screen.getByText('Sales CRM')).toHaveClass('pl-app-menu__name');
    expect(screen.getByRole('navigation')).toHaveClass('pl-app-menu--name-right');
    rerender(<AppMenuBar app={crmApp({ menuShowAppName: false })} currentPageId={2} host={host} />);
    expect(screen.queryByText('Sales CRM')).toBeNull();
  });

  it('leaves the default page out when the app does not show it in the menu', () => {
    render(
      <AppMenuBar
        app={crmApp({ menuShowDefault: false, menuShowAppName: false })}
        currentPageId={2}
        host={host}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
  });

  it('folds into a drawer behind the Menu button, which says whether it is open', async () => {
    const user = userEvent.setup();
    render(<AppMenuBar app={crmApp()} currentPageId={1} host={host} />);
    const toggle = screen.getByRole('button', { name: /Menu/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveAttribute(
      'data-open',
      'true',
    );
  });

  it('keeps links in the hash host route when hosted', () => {
    render(
      <AppMenuBar app={crmApp()} currentPageId={2} host={{ kind: 'hash', tenant: 'demo', preview: true }} />,
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '#/demo/0/apprunner?app=crm&page=home&preview=1',
    );
  });
});
