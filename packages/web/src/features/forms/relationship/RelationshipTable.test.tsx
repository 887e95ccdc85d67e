import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/apiClient';
import { SessionProvider } from '../../auth/public';
import { pickerSource } from '../../pickerData/public';
import { browserFormCache } from '../formCache/browserFormCache';
import { RecordForm } from '../record/RecordForm';
import { accountServer, type Sent } from './accountContactsServer';
import { RelationshipTable } from './RelationshipTable';
import { noRelationshipChanges, type RelationshipChanges } from './relationshipChanges';

function renderUi(ui: React.ReactElement, client: ApiClient) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <SessionProvider client={client}>{ui}</SessionProvider>
    </StrictMode>,
  );
  return user;
}

const contactsTable = () => screen.getByRole('group', { name: 'Contacts' });
const reportCalls = (sent: Sent[]) => sent.filter((s) => s.path.endsWith('/report/type/51/display'));
const saves = (sent: Sent[]) => sent.filter((s) => s.method === 'PATCH' || s.path.endsWith('/entity/put'));
const gridOf = () => within(contactsTable()).getByRole('grid', { name: 'Contacts' });

async function shownNames() {
  const grid = gridOf();
  return within(grid)
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('gridcell')[1]?.textContent ?? '')
    .filter((t) => t !== '');
}

beforeEach(() => {
  localStorage.clear();
  browserFormCache().clear();
});

describe('the relationship table in view mode', () => {
  it('lists the related records through the display report, 6 a page, without actions', async () => {
    const { client, sent } = accountServer();
    renderUi(<RecordForm mode="view" entityId={5} />, client);
    expect(await within(await screen.findByRole('group', { name: 'Contacts' })).findByText('Ada Lovelace'));
    expect(within(contactsTable()).getByText('Brian Kernighan')).toBeInTheDocument();
    expect(within(contactsTable()).getByText('ada@acme.test')).toBeInTheDocument();
    expect(within(contactsTable()).queryByRole('button', { name: 'Add existing' })).not.toBeInTheDocument();
    expect(within(contactsTable()).queryByRole('button', { name: 'New Contact' })).not.toBeInTheDocument();
    expect(reportCalls(sent)[0]?.body).toMatchObject({
      startIndex: 0,
      pageSize: 7,
      displayPageSize: 6,
      metadata: 'full',
      relationDetail: { eid: 5, relid: 60, direction: 'rev' },
    });
  });
});

describe('the relationship table in edit mode', () => {
  it('adds an existing record through the picker modal and removes another, then saves both', async () => {
    const { client, sent } = accountServer();
    const user = renderUi(<RecordForm mode="edit" entityId={5} />, client);
    await within(await screen.findByRole('group', { name: 'Contacts' })).findByText('Ada Lovelace');

    await user.click(within(contactsTable()).getByRole('button', { name: 'Add existing' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Contact' });
    await user.click(await within(picker).findByRole('checkbox', { name: 'Carol Shaw' }));
    await user.click(within(picker).getByRole('button', { name: 'Select' }));
    expect(await within(contactsTable()).findByText('Added: Carol Shaw')).toBeInTheDocument();
    await within(contactsTable()).findByText('carol@other.test');
    expect(reportCalls(sent).at(-1)?.body).toMatchObject({ inclids: [103] });

    await user.click(within(gridOf()).getByRole('checkbox', { name: 'Select row 102' }));
    await user.click(within(contactsTable()).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(contactsTable()).queryByText('brian@acme.test')).not.toBeInTheDocument(),
    );
    expect(within(contactsTable()).getByText('Removed: Brian Kernighan')).toBeInTheDocument();
    expect(reportCalls(sent).at(-1)?.body).toMatchObject({ inclids: [103], exclids: [102] });
    expect(saves(sent)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    // A contact holds one account: the added one is moved here through its own end.
    expect(saves(sent)[0]?.body).toEqual({
      entities: [
        { id: 5, version: 3, relationships: { contacts: { remove: [102] } } },
        { id: 103, relationships: { account: { set: [5] } } },
      ],
      deleted: [],
    });
    // Read again: what was saved, with nothing pending.
    await waitFor(() => expect(within(contactsTable()).queryByText('Not saved yet')).not.toBeInTheDocument());
    await waitFor(async () => expect(await shownNames()).toEqual(['Ada Lovelace', 'Carol Shaw']));
  });

  it('creates a related record in a modal, its end to the record filled in, saved with the record', async () => {
    const { client, sent, contacts } = accountServer({ isContactAccountMandatory: true });
    const user = renderUi(<RecordForm mode="edit" entityId={5} />, client);
    await within(await screen.findByRole('group', { name: 'Contacts' })).findByText('Ada Lovelace');
    await user.click(within(contactsTable()).getByRole('button', { name: 'New Contact' }));
    const modal = await screen.findByRole('dialog', { name: 'New Contact' });
    await within(modal).findByRole('textbox', { name: 'Name' });
    // The contact's Account holds the account (mandatory here): only the Email is missing.
    expect(within(modal).getByRole('button', { name: /^Remove / })).toBeInTheDocument();

    await user.type(within(modal).getByRole('textbox', { name: 'Name' }), 'Dora Hopper');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findAllByText('A value is required.')).toHaveLength(1);
    await user.type(within(modal).getByRole('textbox', { name: /Email/ }), 'dora@acme.test');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Contact' })).not.toBeInTheDocument(),
    );
    expect(within(contactsTable()).getByText('New: Dora Hopper')).toBeInTheDocument();
    expect(saves(sent)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]?.body).toEqual({
      entities: [
        { id: 5, version: 3 },
        {
          id: 'new:rel1',
          typeId: 51,
          fields: { name: 'Dora Hopper', email: 'dora@acme.test' },
          relationships: { account: { add: [5] } },
        },
      ],
      deleted: [],
    });
    expect(contacts.some((c) => c.name === 'Dora Hopper' && c.accountId === 5)).toBe(true);
    await within(contactsTable()).findByText('dora@acme.test');
  });

  it('asks before closing a typed-in new related record, and Yes drops it', async () => {
    const { client } = accountServer();
    const user = renderUi(<RecordForm mode="edit" entityId={5} />, client);
    await within(await screen.findByRole('group', { name: 'Contacts' })).findByText('Ada Lovelace');
    await user.click(within(contactsTable()).getByRole('button', { name: 'New Contact' }));
    const modal = await screen.findByRole('dialog', { name: 'New Contact' });
    await user.type(await within(modal).findByRole('textbox', { name: 'Name' }), 'Dora Hopper');
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.getByRole('dialog', { name: 'New Contact' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(again).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Contact' })).not.toBeInTheDocument(),
    );
    expect(within(contactsTable()).queryByText('New: Dora Hopper')).not.toBeInTheDocument();
  });

  it('discarding the form restores the table', async () => {
    const { client } = accountServer();
    const user = renderUi(<RecordForm mode="edit" entityId={5} />, client);
    await within(await screen.findByRole('group', { name: 'Contacts' })).findByText('Ada Lovelace');
    await user.click(within(gridOf()).getByRole('checkbox', { name: 'Select row 101' }));
    await user.click(within(contactsTable()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(contactsTable()).queryByText('ada@acme.test')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await within(contactsTable()).findByText('ada@acme.test');
    expect(within(contactsTable()).queryByText('Not saved yet')).not.toBeInTheDocument();
  });

  it('says a mandatory relationship list that is empty needs a value', async () => {
    const { client, sent } = accountServer({ isContactsMandatory: true });
    const user = renderUi(<RecordForm mode="edit" entityId={5} />, client);
    await within(await screen.findByRole('group', { name: 'Contacts' })).findByText('Ada Lovelace');
    await user.click(within(gridOf()).getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(within(contactsTable()).getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(contactsTable()).findByText('A value is required.')).toBeInTheDocument();
    expect(saves(sent)).toHaveLength(0);
  });

  it('offers no New button without the right to create the type, and no Remove when each record needs this one', async () => {
    const { client } = accountServer({ canCreateContact: false, isContactAccountMandatory: true });
    renderUi(<RecordForm mode="edit" entityId={5} />, client);
    await within(await screen.findByRole('group', { name: 'Contacts' })).findByText('Ada Lovelace');
    expect(within(contactsTable()).getByRole('button', { name: 'Add existing' })).toBeInTheDocument();
    expect(within(contactsTable()).queryByRole('button', { name: 'New Contact' })).not.toBeInTheDocument();
    expect(within(contactsTable()).getByRole('button', { name: 'Remove' })).toBeDisabled();
  });
});

describe('the relationship table in new mode', () => {
  it('asks to save the record before creating a related one, and relates existing records on create', async () => {
    const { client, sent } = accountServer();
    const user = renderUi(<RecordForm mode="new" typeId={50} />, client);
    const table = await screen.findByRole('group', { name: 'Contacts' });
    expect(await within(table).findByText('No records to show.')).toBeInTheDocument();
    expect(reportCalls(sent)).toHaveLength(0);
    await user.click(await within(table).findByRole('button', { name: 'New Contact' }));
    expect(within(table).getByRole('alert')).toHaveTextContent(
      'You must save the Account before creating a Contact',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Add existing' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Contact' });
    await user.click(await within(picker).findByRole('checkbox', { name: 'Carol Shaw' }));
    await user.click(within(picker).getByRole('button', { name: 'Select' }));
    await within(table).findByText('carol@other.test');
    expect(reportCalls(sent).at(-1)?.body).not.toHaveProperty('relationDetail');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Initech');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]?.body).toEqual({
      entities: [
        {
          id: 'new:record',
          typeId: 50,
          fields: { name: 'Initech' },
        },
        { id: 103, relationships: { account: { set: ['new:record'] } } },
      ],
      deleted: [],
    });
  });
});

function TableHost({
  client,
  displayAs = 'inline',
  onSelectionChange,
}: {
  client: ApiClient;
  displayAs?: 'inline' | 'dataTable';
  onSelectionChange?: (ids: readonly number[]) => void;
}) {
  const [value, setValue] = useState<RelationshipChanges>(noRelationshipChanges);
  const end = {
    id: 60,
    name: 'Account',
    relType: 'lookup' as const,
    cardinality: 'manyToOne' as const,
    fromTypeId: 51,
    toTypeId: 50,
    toName: 'Account',
    fromName: 'Contacts',
    toScriptName: 'account',
    fromScriptName: 'contacts',
    isMandatory: false,
    isReverseMandatory: false,
    direction: 'rev' as const,
    endName: 'Contacts',
    endScriptName: 'contacts',
  };
  return (
    <RelationshipTable
      recordId={5}
      recordTypeName="Account"
      end={end}
      title="Contacts"
      mode="edit"
      displayAs={displayAs}
      rowsPerPage={displayAs === 'inline' ? 1 : 6}
      onSelectionChange={onSelectionChange}
      pickerDataSource={pickerSource(client)}
      readRecords={[]}
      value={value}
      onValueChange={setValue}
    />
  );
}

describe('the relationship table shown inline', () => {
  it('lists names with their own Remove, and pages by rowsPerPage', async () => {
    const { client, sent } = accountServer();
    const user = renderUi(<TableHost client={client} />, client);
    const list = await screen.findByRole('list', { name: 'Contacts' });
    expect(await within(list).findByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(list).queryByText('Brian Kernighan')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(list).findByRole('button', { name: 'Brian Kernighan' })).toBeInTheDocument();
    expect(reportCalls(sent).at(-1)?.body).toMatchObject({ startIndex: 1, pageSize: 2, displayPageSize: 1 });
    await user.click(within(list).getByRole('button', { name: 'Remove Brian Kernighan' }));
    expect(await screen.findByText('Removed: Brian Kernighan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo: Removed: Brian Kernighan' }));
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
  });
});

describe('the relationship table’s selection', () => {
  it('tells the host which rows are selected (a page’s SelectedRecords)', async () => {
    const { client } = accountServer();
    const onSelectionChange = vi.fn();
    const user = renderUi(
      <TableHost client={client} displayAs="dataTable" onSelectionChange={onSelectionChange} />,
      client,
    );
    await screen.findByText('ada@acme.test');
    await user.click(within(gridOf()).getByRole('checkbox', { name: 'Select row 101' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([101]);
    await user.click(within(contactsTable()).getByRole('button', { name: 'Remove' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });
});
