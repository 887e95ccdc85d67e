import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../auth/public';
import { fakeApi } from '../../pickerData/fakeApi';
import { crmApp, me, pageResponse } from '../test/runnerFixtures';
import { NavigationModal } from './NavigationModal';

const app = crmApp();
const { api } = fakeApi((url) => {
  if (url === '/auth/me') return { status: 200, body: me };
  if (url === '/spapi/data/v1/pages/3') return { status: 200, body: pageResponse(app.pages[2]!) };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
});

function open(target: Parameters<typeof NavigationModal>[0]['modal']) {
  const onClose = vi.fn();
  const onOpenAsPage = vi.fn();
  render(
    <SessionProvider client={api}>
      <NavigationModal
        app={app}
        modal={target}
        host={{ kind: 'path' }}
        onClose={onClose}
        onOpenAsPage={onOpenAsPage}
      />
    </SessionProvider>,
  );
  return { onClose, onOpenAsPage };
}

describe('NavigationModal', () => {
  it('shows a page over the current one, small when it has few elements, with Open as page and Close', async () => {
    const user = userEvent.setup();
    const { onClose, onOpenAsPage } = open({
      target: { kind: 'page', pageSlug: 'accounts', cid: null, formMode: 'default' },
      url: '/apps/crm/accounts',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Accounts' });
    await waitFor(() => expect(dialog.closest('.pl-modal')).toHaveClass('pl-modal--small'));
    await user.click(within(dialog).getByRole('button', { name: 'Open as page' }));
    expect(onOpenAsPage).toHaveBeenCalled();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the page is not in the app', async () => {
    open({
      target: { kind: 'page', pageSlug: 'gone', cid: null, formMode: 'default' },
      url: '/apps/crm/gone',
    });
    expect(await screen.findByText('Failed to get page for modal.')).toBeVisible();
  });
});
