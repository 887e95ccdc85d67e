import type { BuilderPageRef } from '@plinth/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { builderServerHarness } from './builderServerHarness';
import { SharedPagesTab } from './SharedPagesTab';

function crmApp(extra: BuilderPageRef[]) {
  const server = builderServerHarness();
  const app = [...server.apps.values()].find((a) => a.settings.slug === 'crm')!;
  app.pages = [...app.pages, ...extra];
  return app;
}

const formPage = (id: number, name: string, slug: string, multistep = false): BuilderPageRef => ({
  id,
  name,
  slug,
  type: multistep ? 'singleRecordMultistepEdit' : 'singleRecordEdit',
  contextEntityTypeId: 3001,
});

describe('the Shared Pages tab (spec 01 §2)', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it("lists the app's form pages as 'Form page', each with a link that opens it", async () => {
    const app = crmApp([
      formPage(80_001, 'Account form', 'accountform'),
      { id: 80_002, name: 'Reports', slug: 'reports', type: 'default', contextEntityTypeId: null },
      formPage(80_003, 'Account wizard', 'accountwizard', true),
    ]);
    const user = userEvent.setup();
    render(<SharedPagesTab app={app} openPageId={80_003} />);
    const list = screen.getByRole('list', { name: 'Form pages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Account form Form pageOpen Account form',
      'Account wizard Form page multistep',
    ]);
    expect(within(rows[1]!).getByText(/Account wizard/)).toHaveAttribute('aria-current', 'page');
    // The open page needs no link; the others open in the builder.
    expect(screen.queryByRole('link', { name: 'Open Account wizard' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Open Account form' });
    expect(link).toHaveAttribute('href', '/admin/apps/crm/accountform');
    await user.click(link);
    expect(window.location.pathname).toBe('/admin/apps/crm/accountform');
  });

  it('says when the app has no form pages', () => {
    render(<SharedPagesTab app={crmApp([])} />);
    expect(screen.getByText('This app has no form pages.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Form pages' })).toBeNull();
  });
});
