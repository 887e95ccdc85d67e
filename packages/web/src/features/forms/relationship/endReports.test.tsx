import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../api/apiClient';
import type { FakeHandler } from '../../../test/fakeApi';
import { SessionProvider } from '../../auth/public';
import { pageContent, renderPage, testContext } from '../../pages/pageTestHarness';
import { boundComponent, opportunityServer, opportunityType } from '../bound/boundPageHarness';
import { browserFormCache } from '../formCache/browserFormCache';
import { RecordForm } from '../record/RecordForm';
import { accountServer, type Contact, type Sent } from './accountContactsServer';

/**
 * Decision 0110: a relationship end's own picker and display reports, in a record form — the
 * lookup's options and modal, the relationship table's records and its 'Add existing' picker.
 */

function renderUi(ui: React.ReactElement, client: ApiClient) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <SessionProvider client={client}>{ui}</SessionProvider>
    </StrictMode>,
  );
  return user;
}

const paths = (sent: Sent[], part: string) => sent.filter((s) => s.path.includes(part));
/** The options offered: a selected record the results lack shows too, disabled. */
const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .queryAllByRole('option')
    .filter((o) => o.getAttribute('aria-disabled') !== 'true')
    .map((o) => o.textContent);

beforeEach(() => {
  localStorage.clear();
  browserFormCache().clear();
});

describe("a record form's lookup", () => {
  it("offers the records of the end's picker report, in its order, searchable", async () => {
    const { client, sent } = accountServer({ endReports: { accountPicker: 88 } });
    const user = renderUi(<RecordForm mode="new" typeId={51} />, client);
    const input = await screen.findByRole('textbox', { name: 'Account' });
    await user.click(input);
    const listbox = await screen.findByRole('listbox', { name: 'Account options' });
    await waitFor(() => expect(optionNames(listbox)).toEqual(['Initech', 'Acme']));
    expect(paths(sent, '/report/type/50/picker')).toHaveLength(0);
    expect(paths(sent, '/report/relationship/60/fwd/picker')[0]?.body).toMatchObject({
      usage: 'Picker',
      startIndex: 0,
      pageSize: 21,
    });

    await user.type(input, 'acm');
    await waitFor(() => expect(optionNames(listbox)).toEqual(['Acme']));
    expect(paths(sent, '/report/relationship/60/fwd/picker').at(-1)?.body).toMatchObject({
      quickSearch: 'acm',
    });
    await user.click(within(listbox).getByRole('option', { name: 'Acme' }));
    expect(screen.getByRole('button', { name: 'Remove Acme' })).toBeInTheDocument();
  });

  it("shows the end's picker report's columns and conditions in its modal", async () => {
    const { client } = accountServer({ endReports: { accountPicker: 88 } });
    const user = renderUi(<RecordForm mode="new" typeId={51} />, client);
    await user.click(await screen.findByRole('button', { name: 'Browse Account' }));
    const modal = await screen.findByRole('dialog', { name: 'Select Account' });
    const grid = within(modal).getByRole('table', { name: 'Records' });
    expect(await within(grid).findByRole('columnheader', { name: 'Industry' })).toBeInTheDocument();
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['Initech', 'Acme']);
    expect(within(rows[0]!).getByText('Retail')).toBeInTheDocument();
    // A search reads the report's full metadata: its own conditions are listed.
    await user.type(within(modal).getByRole('searchbox', { name: 'Search' }), 'ini');
    expect(await within(modal).findByText('Filtered by: Industry = Retail')).toBeInTheDocument();
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
  });

  it("without a picker report on its end, offers the type's picker report's records as before", async () => {
    const { client, sent } = accountServer();
    const user = renderUi(<RecordForm mode="new" typeId={51} />, client);
    await user.click(await screen.findByRole('textbox', { name: 'Account' }));
    const listbox = await screen.findByRole('listbox', { name: 'Account options' });
    await waitFor(() => expect(optionNames(listbox)).toEqual(['Acme', 'Globex', 'Initech']));
    expect(paths(sent, '/report/relationship/')).toHaveLength(0);
  });
});

describe("a record form's relationship table", () => {
  const contacts = (): Contact[] => [
    { id: 101, name: 'Ada Lovelace', email: 'ada@acme.test', accountId: 5 },
    { id: 103, name: 'Carol Shaw', email: 'carol@other.test', accountId: null },
    { id: 104, name: 'Dan Ritchie', email: 'dan@globex.test', accountId: 6 },
  ];

  it("lists the related records through the end's display report, and adds through its picker report", async () => {
    const { client, sent } = accountServer({
      contacts: contacts(),
      endReports: { contactsDisplay: 90, contactsPicker: 91 },
    });
    const user = renderUi(<RecordForm mode="edit" entityId={5} />, client);
    const table = await screen.findByRole('group', { name: 'Contacts' });
    await within(table).findByText('Ada Lovelace');
    expect(within(table).getByRole('columnheader', { name: 'Email address' })).toBeInTheDocument();
    expect(paths(sent, '/report/type/51/display')).toHaveLength(0);
    expect(paths(sent, '/report/relationship/60/rev/display')[0]?.body).toMatchObject({
      relationDetail: { eid: 5, relid: 60, direction: 'rev' },
      pageSize: 7,
    });

    await user.click(within(table).getByRole('button', { name: 'Add existing' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Contact' });
    await within(picker).findByRole('checkbox', { name: 'Carol Shaw' });
    // Dan Ritchie is another account's contact: the end's picker report does not offer him.
    expect(within(picker).queryByRole('checkbox', { name: 'Dan Ritchie' })).not.toBeInTheDocument();
    expect(paths(sent, '/report/relationship/60/rev/picker')).not.toHaveLength(0);
    expect(paths(sent, '/report/type/51/picker')).toHaveLength(0);
  });

  it("without reports on its end, reads the type's display and picker reports as before", async () => {
    const { client, sent } = accountServer({ contacts: contacts() });
    const user = renderUi(<RecordForm mode="edit" entityId={5} />, client);
    const table = await screen.findByRole('group', { name: 'Contacts' });
    await within(table).findByText('Ada Lovelace');
    await user.click(within(table).getByRole('button', { name: 'Add existing' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Contact' });
    await within(picker).findByRole('checkbox', { name: 'Dan Ritchie' });
    expect(paths(sent, '/report/type/51/display')).not.toHaveLength(0);
    expect(paths(sent, '/report/type/51/picker')).not.toHaveLength(0);
    expect(paths(sent, '/report/relationship/')).toHaveLength(0);
  });
});

describe("a form page's lookup and relationship components", () => {
  const stored = { id: 7, typeId: 40, name: 'Big deal' };
  const editContext = {
    record: stored,
    formMode: 'edit' as const,
    page: { ...testContext.page, contextEntityTypeId: 40 },
  };
  const nameMeta = (title: string) => ({
    title,
    rootTypeId: 41,
    rcols: { c1: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true } },
    sort: [],
    anlcols: {},
  });
  const answer = (title: string, names: string[]) => ({
    status: 200,
    body: {
      meta: nameMeta(title),
      gdata: names.map((name, i) => ({ eid: 900 + i, values: [{ val: name }] })),
      pageSize: 21,
      lrt: '',
    },
  });
  /** The opportunity's Account end names a picker report; its Contacts end a display report. */
  const server = (): FakeHandler => {
    const base = opportunityServer();
    return (path, body, method) => {
      if (path === '/spapi/data/v1/schema/type/40')
        return {
          status: 200,
          body: {
            ...opportunityType,
            relationships: opportunityType.relationships.map((r) =>
              r.id === 202
                ? { ...r, toPickerReportId: 88 }
                : r.id === 203
                  ? { ...r, toDisplayReportId: 90 }
                  : r,
            ),
          },
        };
      if (path === '/spapi/data/v1/report/relationship/202/fwd/picker')
        return answer('Retail accounts', ['Initech', 'Acme']);
      if (path === '/spapi/data/v1/report/77') return answer('Chosen by the page', ['Umbrella']);
      if (path === '/spapi/data/v1/report/relationship/203/fwd/display')
        return answer('Contacts of the end', ['Ann']);
      if (path === '/spapi/data/v1/report/78') return answer('Contacts of the page', ['Ann']);
      return base(path, body, method);
    };
  };

  it("list through the end's reports when the component names none", async () => {
    const view = renderPage(
      pageContent([boundComponent('lookup'), boundComponent('relationship')]),
      server(),
      { context: editContext },
    );
    await userEvent.click(await screen.findByRole('textbox', { name: 'Account' }));
    const listbox = await screen.findByRole('listbox', { name: 'Account options' });
    await waitFor(() => expect(optionNames(listbox)).toEqual(['Initech', 'Acme']));
    await waitFor(() =>
      expect(view.requests.map((r) => r.path)).toContain(
        '/spapi/data/v1/report/relationship/203/fwd/display',
      ),
    );
    expect(view.requests.map((r) => r.path)).not.toContain('/spapi/data/v1/report/type/44/display');
  });

  it("list through the component's own reports over the end's", async () => {
    const view = renderPage(
      pageContent([
        boundComponent('lookup', {
          extendedProperties: { relationshipId: 202, relationshipDirection: 'fwd', pickerReportId: 77 },
        }),
        boundComponent('relationship', {
          extendedProperties: { relationshipId: 203, relationshipDirection: 'fwd', displayReportId: 78 },
        }),
      ]),
      server(),
      { context: editContext },
    );
    await userEvent.click(await screen.findByRole('textbox', { name: 'Account' }));
    const listbox = await screen.findByRole('listbox', { name: 'Account options' });
    await waitFor(() => expect(optionNames(listbox)).toEqual(['Umbrella']));
    await waitFor(() => expect(view.requests.map((r) => r.path)).toContain('/spapi/data/v1/report/78'));
    expect(view.requests.some((r) => r.path.includes('/report/relationship/'))).toBe(false);
  });
});
