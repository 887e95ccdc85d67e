import 'fake-indexeddb/auto';
import { systemAction } from '@plinth/schema';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { SessionProvider } from '../../auth/public';
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

/** A saved report of accounts whose one row is the account above. */
const reportMeta = {
  title: 'Key accounts',
  rootTypeId: 30,
  rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, fid: 301, entityname: true } },
  sort: [{ colid: 'name', order: 'Ascending' }],
  anlcols: {},
};
/** The report offers New and Edit Inline. */
const quickMenu = {
  actions: [
    systemAction({
      id: -1,
      name: 'Account',
      method: 'navigate',
      state: 'createForm',
      order: 0,
      isnew: true,
      isbutton: true,
      eid: 30,
    }),
    systemAction({ id: -4, name: 'Edit Inline', method: 'custom', state: 'editInline', order: 50 }),
  ],
  showNewMenu: true,
  showExportMenu: false,
  showEditInlineButton: false,
  showEditInlineMenu: false,
  showFormPanelButton: false,
  showFormPanelMenu: false,
};

const { api, requests } = fakeApi((url, body) => {
  if (url === '/auth/me') return { status: 200, body: me };
  if (url === '/spapi/data/v1/report/8') {
    const query = body as { metadata?: string; pageSize: number };
    return {
      status: 200,
      body: {
        ...(query.metadata === 'none' ? {} : { meta: reportMeta }),
        gdata: [{ eid: 5, values: [{ val: 'Acme Pty' }] }],
        pageSize: query.pageSize,
        lrt: '2026-11-22T03:00:00.000Z',
      },
    };
  }
  if (url === '/spapi/data/v1/actions/menu') return { status: 200, body: { data: quickMenu } };
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
  document.title = 'Home · Plinth';
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

  describe('a report opened in a modal (NAVIGATE_TO_REPORT, openAs modal)', () => {
    const reportTarget = {
      target: { kind: 'report', reportId: 8, fromPageSlug: 'home' } as const,
      url: '/apps/crm/home/_report/8',
    };

    it('is framed by the modal alone: the report’s name as its title, no heading of its own, wide', async () => {
      open(reportTarget);
      const dialog = await screen.findByRole('dialog', { name: 'Key accounts' });
      expect(await within(dialog).findByText('Acme Pty')).toBeVisible();
      expect(
        within(dialog)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Key accounts']);
      expect(dialog.closest('.pl-modal')).toHaveClass('pl-modal--extraLarge');
      // The page under the modal keeps its own name in the browser's tab.
      expect(document.title).toBe('Home · Plinth');
      expect(within(dialog).getByRole('button', { name: 'Open as page' })).toBeVisible();
      expect(await within(dialog).findByRole('button', { name: 'New' })).toBeVisible();
    });

    it('opens with the conditions its opener had (a filtered counter)', async () => {
      const conditions = [{ expid: 'nameCond', oper: 'Equal', value: 'Acme Pty' }] as never;
      open({ ...reportTarget, target: { ...reportTarget.target, conditions } });
      const dialog = await screen.findByRole('dialog', { name: 'Key accounts' });
      await within(dialog).findByText('Acme Pty');
      const read = requests.filter((r) => r.path === '/spapi/data/v1/report/8').at(-1);
      expect(read?.body).toMatchObject({ conds: conditions });
    });

    it('is read-only when its opener is: no New, and no Edit Inline', async () => {
      const user = userEvent.setup();
      const before = requests.length;
      open({ ...reportTarget, target: { ...reportTarget.target, isReadOnly: true } });
      const dialog = await screen.findByRole('dialog', { name: 'Key accounts' });
      await within(dialog).findByText('Acme Pty');
      // Its quick menu (New, Edit Inline) is read and answered before the toolbar is looked at.
      await waitFor(() =>
        expect(requests.slice(before).some((r) => r.path === '/spapi/data/v1/actions/menu')).toBe(true),
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      await user.click(within(dialog).getByRole('button', { name: 'More actions' }));
      const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
      expect(items.map((i) => i.textContent)).not.toContain('Edit Inline');
      expect(within(dialog).queryByRole('button', { name: 'New' })).toBeNull();
    });

    it('keeps the focus inside and closes on Escape', async () => {
      const user = userEvent.setup();
      const { onClose } = open(reportTarget);
      const dialog = await screen.findByRole('dialog', { name: 'Key accounts' });
      await within(dialog).findByText('Acme Pty');
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
      for (let i = 0; i < 25; i++) {
        await user.tab();
        expect(dialog).toContainElement(document.activeElement as HTMLElement);
      }
      // From the grid, where the keyboard mostly is.
      await user.click(within(dialog).getByText('Acme Pty'));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    });

    it('opens a row’s record in a modal over the report, and comes back to the report', async () => {
      const user = userEvent.setup();
      const { onClose } = open(reportTarget);
      const dialog = await screen.findByRole('dialog', { name: 'Key accounts' });
      await user.dblClick(await within(dialog).findByText('Acme Pty'));
      const record = await screen.findByRole('dialog', { name: 'View Acme Pty' });
      await user.click(within(record).getAllByRole('button', { name: 'Close' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'View Acme Pty' })).toBeNull());
      expect(screen.getByRole('dialog', { name: 'Key accounts' })).toBeVisible();
      expect(onClose).not.toHaveBeenCalled();
    });
  });
});
