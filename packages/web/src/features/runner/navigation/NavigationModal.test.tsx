import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../auth/public';
import { fakeApi } from '../../pickerData/fakeApi';
import { crmApp, me, pageResponse } from '../test/runnerFixtures';
import { NavigationModal } from './NavigationModal';

const app = crmApp();

/** An account with one text field, in its one-control form (for the record in a modal). */
const account = {
  id: 5,
  typeId: 30,
  alias: null,
  name: 'Acme Pty',
  version: 3,
  canModify: true,
  canDelete: false,
};
const nameField = { id: 301, name: 'Name', scriptName: 'name', type: 'Text', storage: 'string', typeId: 30 };
const accountType = {
  type: {
    id: 30,
    name: 'Account',
    scriptName: 'Account',
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
  },
  ancestors: [],
  fields: [{ ...nameField, isRequired: false, isReadOnly: false, column: 'name' }],
  relationships: [],
  derivedTypes: [],
  canCreateType: true,
};
const accountForm = {
  id: null,
  name: 'Account',
  typeId: 30,
  controls: [
    {
      id: 'f301',
      fieldToRender: 301,
      isReversed: false,
      mandatory: false,
      readOnlyControl: false,
      isHidden: false,
      customValidationAlwaysValidate: false,
    },
  ],
  containers: [],
};

const { api } = fakeApi((url) => {
  if (url === '/auth/me') return { status: 200, body: me };
  if (url === '/spapi/data/v1/entity/query') return { status: 200, body: { entities: [account] } };
  if (url === '/spapi/data/v1/schema/type/30') return { status: 200, body: accountType };
  if (url === '/spapi/data/v1/instance/5') return { status: 200, body: accountForm };
  if (url === '/spapi/data/v1/form/data')
    return {
      status: 200,
      body: {
        formDataEntity: account,
        formId: null,
        initiallyHiddenControls: [],
        initiallyReadOnlyControls: [],
      },
    };
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

  it('asks before closing a record whose form has unsaved changes', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      const { onClose } = open({
        target: { kind: 'record', mode: 'edit', cid: 5, pageId: 0 },
        url: '/apps/crm/_editRecord?cid=5&formMode=edit',
      });
      const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Pty' });
      await user.type(await within(dialog).findByRole('textbox', { name: 'Name' }), ' Ltd');
      await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
      expect(confirm).toHaveBeenCalledWith(
        'There are unsaved changes, are you sure you wish to leave the page?',
      );
      expect(onClose).not.toHaveBeenCalled();
      confirm.mockReturnValue(true);
      await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
      expect(onClose).toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });
});
