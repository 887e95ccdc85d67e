import 'fake-indexeddb/auto';
import { fixedActionIds, type RunnerAppResponse, recordActionIds, systemAction } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { fakeApi } from '../pickerData/fakeApi';
import { crmApp, me, pageResponse } from './test/runnerFixtures';

const field = (id: number, name: string, scriptName: string, type: string, storage: string, extra = {}) => ({
  id,
  name,
  scriptName,
  type,
  storage,
  typeId: 30,
  isRequired: false,
  isReadOnly: false,
  ...extra,
});

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
  fields: [
    field(301, 'Name', 'name', 'Text', 'string', { column: 'name' }),
    field(302, 'Annual revenue', 'annualRevenue', 'Currency', 'currency', { decimalPlaces: 2 }),
    field(303, 'Founded', 'founded', 'Date', 'date'),
    field(304, 'Active', 'isActive', 'Boolean', 'bool', { defaultValue: 'true' }),
    field(305, 'Number', 'number', 'AutoNumber', 'autoNumber', { autoNumberDisplayPattern: 'ACC-{0}' }),
    field(306, 'Alias', 'alias', 'Text', 'string', { column: 'alias' }),
    field(307, 'Created Date', 'createdDate', 'DateTime', 'dateTime', { column: 'created_at' }),
  ],
  relationships: [
    {
      id: 401,
      name: 'Account owner',
      relType: 'lookup',
      cardinality: 'manyToOne',
      fromTypeId: 30,
      toTypeId: 3,
      toName: 'Owner',
      fromName: 'Owned accounts',
      toScriptName: 'owner',
      fromScriptName: 'ownedAccounts',
      isMandatory: false,
      isReverseMandatory: false,
      direction: 'fwd',
      endName: 'Owner',
      endScriptName: 'owner',
    },
  ],
  derivedTypes: [],
  canCreateType: true,
};

/** The account's generated form (decision 0074): its fields and its owner in one stack. */
const accountForm = {
  id: null,
  name: 'Account',
  typeId: 30,
  controls: [301, 302, 303, 304, 305, 307]
    .map((fieldToRender, i) => ({ id: `f${fieldToRender}`, fieldToRender, renderingOrdinal: 50 + i * 10 }))
    .concat([{ id: 'r401', relationshipToRender: 401, renderingOrdinal: 200 } as never])
    .map((c) => ({
      isReversed: false,
      mandatory: false,
      readOnlyControl: false,
      isHidden: false,
      customValidationAlwaysValidate: false,
      containerId: 'details',
      ...c,
    })),
  containers: [{ id: 'details', containerType: 'verticalStack', name: 'Details', isHidden: false }],
};

const acmeValues = {
  annualRevenue: 1250000.5,
  founded: '2001-03-09',
  isActive: false,
  number: 17,
  owner: { id: 9, typeId: 3, alias: null, name: 'Sam Lee' },
};

const notFound = {
  status: 404,
  body: { error: { code: 'not_found', message: 'The record was not found.' } },
};

/** The app as the server answers it, with the page a `withDefaultPage` or `withPage` asks for. */
function withIncluded(app: RunnerAppResponse, url: string): RunnerAppResponse {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const slug = query.get('withPage');
  if (slug === null && query.get('withDefaultPage') !== '1') return app;
  const page = app.pages.find((p) =>
    slug === null ? p.id === app.defaultPageId : p.slug === slug.toLowerCase(),
  );
  return { ...app, includedPage: page ? pageResponse(page) : null };
}

function runner(
  path: string,
  settings?: Record<string, unknown>,
  appChanges: Partial<RunnerAppResponse> = {},
) {
  window.history.pushState(null, '', path);
  const app = crmApp(appChanges);
  return fakeApi((url, body) => {
    if (url === '/auth/me') return { status: 200, body: me };
    if (url === '/spapi/data/v1/tenantSettings' && settings) return { status: 200, body: settings };
    if (url.split('?')[0] === '/spapi/data/v1/apps/crm') return { status: 200, body: withIncluded(app, url) };
    if (url === '/spapi/data/v1/pages/1') return { status: 200, body: pageResponse(app.pages[0]!) };
    if (url === '/spapi/data/v1/pages/1?preview=1')
      return { status: 200, body: { ...pageResponse(app.pages[0]!), versionKind: 'draft' } };
    if (url === '/spapi/data/v1/pages/4?preview=1')
      return {
        status: 200,
        body: { ...pageResponse(app.pages[3]!, { testResourceId: 5 }), versionKind: 'draft' },
      };
    if (url === '/spapi/data/v1/pages/4') return { status: 200, body: pageResponse(app.pages[3]!) };
    if (url === '/spapi/data/v1/types/30/recordPage')
      return { status: 200, body: pageResponse(app.pages[3]!) };
    if (url === '/spapi/data/v1/schema/type/30') return { status: 200, body: accountType };
    if (url === '/spapi/data/v1/instance/5' || url === '/spapi/data/v1/type/30/defaultForm')
      return { status: 200, body: accountForm };
    if (url === '/spapi/data/v1/form/data') {
      const isNew = (body as { typeId?: number }).typeId !== undefined;
      const base = { typeId: 30, alias: null, canModify: true, canDelete: !isNew };
      const entity = isNew
        ? { ...base, id: 0, name: null, version: 0, isActive: true, createdDate: '2026-11-28T01:00:00Z' }
        : { ...base, id: 5, name: 'Acme Pty', version: 3, ...acmeValues };
      return {
        status: 200,
        body: {
          formDataEntity: entity,
          formId: null,
          initiallyHiddenControls: [],
          initiallyReadOnlyControls: ['f305', 'f307'],
        },
      };
    }
    if (url === '/spapi/data/v1/entity/query') {
      const ids = (body as { ids: number[] }).ids;
      if (ids[0] !== 5) return { status: 200, body: { entities: [] } };
      const entity = {
        id: 5,
        typeId: 30,
        alias: null,
        name: 'Acme Pty',
        version: 3,
        canModify: true,
        canDelete: true,
      };
      return {
        status: 200,
        body: {
          entities: [{ ...entity, ...acmeValues }],
        },
      };
    }
    if (url === '/spapi/data/v1/form/validate') return { status: 200, body: { isValid: true, errors: {} } };
    if (url === '/spapi/data/v1/entity/put')
      return {
        status: 200,
        body: { ids: { 'new:record': 77 }, versions: [{ id: 77, version: 1 }], deleted: [] },
      };
    if (url === '/spapi/data/v1/entity/deleteDetails') {
      const acme = { id: 5, name: 'Acme Pty', typeName: 'Account' };
      return { status: 200, body: { entities: [acme], dependents: [], related: [] } };
    }
    if (url === '/spapi/data/v1/entity/delete') return { status: 200, body: { deleted: [5] } };
    if (url === '/spapi/data/v1/actions/formActions') return { status: 200, body: { data: formActions } };
    return notFound;
  });
}

/** Account's form actions: New for Account and its derived Partner, and Delete. */
const formActions = {
  actions: [
    ...[
      [30, 'Account'],
      [31, 'Partner'],
    ].map(([eid, name], order) =>
      systemAction({
        id: fixedActionIds.new,
        name: String(name),
        displayname: `New ${name}`,
        method: 'navigate',
        state: 'createForm',
        eid: Number(eid),
        order,
        isnew: true,
      }),
    ),
    systemAction({
      id: recordActionIds.delete,
      name: 'Delete',
      method: 'delete',
      state: 'delete',
      order: 30,
    }),
  ],
  showNewMenu: true,
  showExportMenu: true,
  showEditInlineButton: false,
  showEditInlineMenu: false,
  showFormPanelButton: true,
  showFormPanelMenu: true,
};

describe('the runner routes', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('opens an app on its default page, with the app menu', async () => {
    const { api, requests } = runner('/apps/crm');
    render(<App client={api} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App menu' })).toBeVisible();
    // The app call brings its default page along: one call, not two in turn (decision 0090).
    const gets = requests.filter((r) => r.path.startsWith('/spapi/data/v1/apps/crm'));
    expect(gets.map((r) => r.path)).toEqual(['/spapi/data/v1/apps/crm?withDefaultPage=1']);
    expect(requests.some((r) => r.path.startsWith('/spapi/data/v1/pages/'))).toBe(false);
  });

  it('opens a page by slug with its app in one call, and asks for a page afresh after moving on', async () => {
    const { api, requests } = runner('/apps/crm/account');
    render(<App client={api} />);
    expect(await screen.findByText(/This page shows a record/, {}, { timeout: 5000 })).toBeVisible();
    expect(requests.filter((r) => r.path.startsWith('/spapi/data/v1/apps/crm')).map((r) => r.path)).toEqual([
      '/spapi/data/v1/apps/crm?withPage=account',
    ]);
    expect(requests.some((r) => r.path.startsWith('/spapi/data/v1/pages/'))).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Sales CRM' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 5000 })).toBeVisible();
    // Moving between an app's pages loads no app again; the next page is asked for by id.
    expect(requests.filter((r) => r.path.startsWith('/spapi/data/v1/apps/crm'))).toHaveLength(1);
    expect(requests.some((r) => r.path === '/spapi/data/v1/pages/1')).toBe(true);
  });

  it('says when the page the app call was asked to bring is not one the user may display', async () => {
    const { api, requests } = runner('/apps/crm/secret');
    render(<App client={api} />);
    expect(
      await screen.findByText('Failed to load page secret. Page not found', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(requests.some((r) => r.path === '/spapi/data/v1/apps/crm?withPage=secret')).toBe(true);
  });

  it('shows a record in its form in view mode, titled as the spec says', async () => {
    const { api } = runner('/apps/crm/_viewRecord?cid=5&formMode=view');
    render(<App client={api} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'View Acme Pty' }, { timeout: 5000 }),
    ).toBeVisible();
    const form = screen.getByRole('region', { name: 'View Acme Pty' });
    const value = async (label: string) =>
      (await within(form).findByRole('group', { name: label })).textContent;
    expect(await value('Name')).toBe('NameAcme Pty');
    expect(await value('Annual revenue')).toBe('Annual revenue$1,250,000.50');
    expect(await value('Founded')).toBe('Founded09/03/2001');
    expect(await value('Active')).toBe('ActiveNo');
    expect(await value('Number')).toBe('NumberACC-17');
    expect(await value('Owner')).toBe('OwnerSam Lee');
    expect(within(form).queryByRole('textbox')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'App menu' })).toBeVisible();
  });

  it('formats values with the tenant’s settings, read again when the person comes back to the tab', async () => {
    const settings = {
      tenantName: 'Demo',
      currencySymbol: '€',
      nameFieldLabel: 'Name',
      timeZone: 'UTC',
      locale: 'en-GB',
      financialYearStartMonth: 7,
    };
    const { api, requests } = runner('/apps/crm/_viewRecord?cid=5&formMode=view', settings);
    render(<App client={api} />);
    const form = await screen.findByRole('region', { name: 'View Acme Pty' }, { timeout: 5000 });
    expect(await within(form).findByRole('group', { name: 'Annual revenue' })).toHaveTextContent(
      '€1,250,000.50',
    );
    const reads = () => requests.filter((r) => r.path === '/spapi/data/v1/tenantSettings').length;
    const before = reads();
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('deletes the record after “Confirm delete”, then goes back to the app’s default page', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner('/apps/crm/_viewRecord?cid=5&formMode=view');
    render(<App client={api} />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    expect(
      within(dialog).getByText("Are you sure that you want to delete Account 'Acme Pty'?"),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/home'));
    expect(requests.find((r) => r.path === '/spapi/data/v1/entity/delete')?.body).toMatchObject({ ids: [5] });
  });

  it('offers New for the type and its derived types, opening the new-record route of the one chosen', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner('/apps/crm/_viewRecord?cid=5&formMode=view');
    render(<App client={api} />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Record actions' }, { timeout: 5000 });
    await user.click(within(toolbar).getByRole('button', { name: 'New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Partner' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_createRecord'));
    expect(new URLSearchParams(window.location.search).get('cid')).toBe('31');
    expect(requests.find((r) => r.path === '/spapi/data/v1/actions/formActions')?.body).toMatchObject({
      entityTypeId: 30,
      ids: [5],
    });
  });

  it('opens a new record’s form with its defaults, without the dates it has not yet', async () => {
    const { api } = runner('/apps/crm/_createRecord?cid=30');
    render(<App client={api} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New Account' }, { timeout: 5000 }),
    ).toBeVisible();
    const form = screen.getByRole('region', { name: 'New Account' });
    expect(await within(form).findByRole('switch', { name: 'Active' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeVisible();
    // A new record has no dates or makers yet.
    expect(within(form).queryByText('Created Date')).toBeNull();
  });

  it('creates the record, then names it in the route', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner('/apps/crm/_createRecord?cid=30');
    render(<App client={api} />);
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 5000 });
    await user.type(name, 'Harbour Freight');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_editRecord'));
    expect(new URLSearchParams(window.location.search).get('cid')).toBe('77');
    const put = requests.find((r) => r.path === '/spapi/data/v1/entity/put');
    expect(put?.body).toMatchObject({
      entities: [{ id: 'new:record', typeId: 30, fields: { name: 'Harbour Freight', isActive: true } }],
    });
  });

  it('says when a record cannot be read', async () => {
    const { api } = runner('/apps/crm/_editRecord?cid=6&formMode=edit');
    render(<App client={api} />);
    expect(await screen.findByText('Failed to get record.', {}, { timeout: 5000 })).toBeVisible();
  });

  it('says which page it failed to load, and which app', async () => {
    const { api } = runner('/apps/crm/nowhere');
    const { unmount } = render(<App client={api} />);
    expect(
      await screen.findByText('Failed to load page nowhere. Page not found', {}, { timeout: 5000 }),
    ).toBeVisible();
    unmount();
    const other = runner('/apps/hr');
    render(<App client={other.api} />);
    expect(
      await screen.findByText('Failed to load app hr. The record was not found.', {}, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('previews a record page with its test record, and says when a record page has no record', async () => {
    const { api, requests } = runner('/apps/crm/account?preview=1');
    const { unmount } = render(<App client={api} />);
    expect(await screen.findByText(/^Preview/, {}, { timeout: 5000 })).toBeVisible();
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.path === '/spapi/data/v1/entity/query' && (r.body as { ids: number[] }).ids[0] === 5,
        ),
      ).toBe(true),
    );
    expect(screen.queryByText(/This page shows a record/)).toBeNull();
    unmount();
    const plain = runner('/apps/crm/account');
    render(<App client={plain.api} />);
    expect(
      await screen.findByText(
        'This page shows a record: open it from a list or a link to a record.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  it('runs in the hash host route, showing the draft in a preview', async () => {
    const { api, requests } = runner('/#/demo/0/apprunner?app=crm&page=home&preview=1');
    render(<App client={api} />);
    expect(await screen.findByText('Preview of the draft', {}, { timeout: 5000 })).toBeVisible();
    expect(requests.some((r) => r.path === '/spapi/data/v1/pages/1?preview=1')).toBe(true);
    // A preview shows the draft: the app call brings no published version along.
    expect(requests.some((r) => r.path === '/spapi/data/v1/apps/crm')).toBe(true);
    expect(screen.getByRole('link', { name: 'Sales CRM' })).toHaveAttribute(
      'href',
      '#/demo/0/apprunner?app=crm&page=home&preview=1',
    );
  });

  it('shows the sitemap inside the app, with the app’s footer', async () => {
    const { api } = runner('/apps/crm/_sitemap', undefined, { footerText: 'Sales team · internal' });
    render(<App client={api} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sales CRM' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pipeline filter' })).toHaveAttribute(
      'href',
      '/apps/crm/pipeline-filter',
    );
  });
});
