import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crmApp, page } from '../test/runnerFixtures';
import { SitemapView } from './SitemapView';
import { sitemapTree } from './sitemapTree';

describe('the sitemap', () => {
  it('lists pages in menu order with folders, then the other pages, then the rest by name', () => {
    const app = crmApp();
    app.pages.push(page(7, 'Archive', 'archive'), page(8, 'Not in sitemap', 'nis', { showInSitemap: false }));
    const tree = sitemapTree(app);
    expect(
      tree.map((n) =>
        n.kind === 'folder' ? `${n.text}: ${n.children.map((c) => c.page.name).join(', ')}` : n.page.name,
      ),
    ).toEqual(['Home', 'Sales: Opportunities, Accounts', 'Pipeline filter', 'Archive']);
  });

  it('shows the app’s name and its pages as links', () => {
    render(<SitemapView app={crmApp()} host={{ kind: 'path' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sales CRM' })).toBeVisible();
    const folder = screen.getByText('Sales').closest('li')!;
    expect(within(folder).getByRole('link', { name: 'Opportunities' })).toHaveAttribute(
      'href',
      '/apps/crm/opportunities',
    );
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Home',
      'Opportunities',
      'Accounts',
      'Pipeline filter',
    ]);
    expect(screen.queryByRole('link', { name: 'Drafts' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
  });

  it('says so when there is nothing to open', () => {
    render(<SitemapView app={crmApp({ pages: [] })} host={{ kind: 'path' }} />);
    expect(screen.getByText('This app has no pages for you yet.')).toBeVisible();
  });
});
