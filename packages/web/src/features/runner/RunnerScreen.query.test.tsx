import 'fake-indexeddb/auto';
import { boundComponentAlias } from '@plinth/schema';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { encodeRuntimeOptions } from './runnerQuery';
import { crmApp, pageResponse } from './test/runnerFixtures';
import { accountType, runner } from './test/runnerServerHarness';

// Spec 01 §2 'Query parameters' (decision 0108): each parameter does what it says where the
// product has the feature, and a malformed one is ignored with its default.

const evalPath = '/spapi/data/v2/calcEngine/evalExpressions';
const app = crmApp();

/** Home with a page variable Region ('North') and a heading shown only for the West. */
const homeWithRegion = pageResponse(app.pages[0]!, {
  components: [
    {
      id: 'west',
      typeAlias: 'core:headingComponent',
      name: 'West',
      isPageComponentManaged: false,
      properties: { text: 'Western deals', level: 2 },
      style: {},
      dataSourceConfiguration: [],
    },
  ],
  variables: [{ name: 'Region', type: 'String', isList: false, value: 'North' }],
});
homeWithRegion.content.configuration.root.elements = [
  {
    id: 'west',
    type: 'component',
    isContainer: false,
    elements: [],
    styles: {},
    behavior: {
      visibility: '[Region] = "West"',
      visibilityOperator: 'visibleWhen',
      readOnlyOperator: 'none',
    },
  },
];

/** The people and regions a new account may start linked to. */
const samLee = {
  id: 9,
  typeId: 3,
  alias: null,
  name: 'Sam Lee',
  version: 1,
  canModify: true,
  canDelete: true,
};
const west = { id: 12, typeId: 50, alias: null, name: 'West', version: 1, canModify: true, canDelete: true };
/** Account with an end its form does not show: its Region (a lookup to type 50). */
const accountWithRegion = {
  ...accountType,
  relationships: [
    ...accountType.relationships,
    {
      ...accountType.relationships[0]!,
      id: 402,
      name: 'Account region',
      toTypeId: 50,
      toName: 'Region',
      fromName: 'Accounts',
      toScriptName: 'region',
      fromScriptName: 'accounts',
      endName: 'Region',
      endScriptName: 'region',
    },
  ],
};

/** The usual server, with Home's variable, the people and regions, and the account's Region end. */
const withLinks = (url: string, body: unknown) => {
  if (url === '/spapi/data/v1/apps/crm?withDefaultPage=1')
    return { status: 200, body: { ...app, includedPage: homeWithRegion } };
  if (url === evalPath) {
    const params = (body as { params: Array<{ name: string; value?: unknown }> }).params;
    const region = params.find((p) => p.name === 'Region')?.value;
    const value = region === 'West';
    return {
      status: 200,
      body: {
        'visibility:west': { value, resultType: 'Bool', isList: false, entityTypeId: null, error: null },
      },
    };
  }
  if (url === '/spapi/data/v1/schema/type/30') return { status: 200, body: accountWithRegion };
  if (url === '/spapi/data/v1/entity/query') {
    const ids = (body as { ids: number[] }).ids;
    const found = [samLee, west].filter((e) => ids.includes(e.id));
    if (found.length > 0) return { status: 200, body: { entities: found } };
  }
  return undefined;
};

/** The Account record page with one bound component: the account's Name. */
const accountPage = pageResponse(app.pages[3]!, {
  components: [
    {
      id: 'accountName',
      typeAlias: boundComponentAlias('text'),
      name: 'Name',
      isPageComponentManaged: false,
      properties: {},
      style: {},
      dataSourceConfiguration: [],
      extendedProperties: { fieldId: 301 },
    },
  ],
});
accountPage.content.configuration.root.elements = [
  { id: 'accountName', type: 'component', isContainer: false, elements: [], styles: {} },
];
const withAccountPage = (url: string) =>
  url === '/spapi/data/v1/apps/crm?withPage=account'
    ? { status: 200, body: { ...app, includedPage: accountPage } }
    : undefined;

const options = (value: Record<string, unknown>) => encodeURIComponent(encodeRuntimeOptions(value));
const menu = () => screen.queryByRole('navigation', { name: 'App menu' });

describe('the runner’s query parameters', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('opens a page with every default when formMode, rtOptions and the ids are garbage', async () => {
    const { api } = runner('/apps/crm/home?formMode=garbage&rtOptions=%25%25garbage&pageId=x&cid=-4');
    render(<App client={api} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(menu()).toBeVisible();
  });

  it.each([
    ['view', false],
    ['edit', true],
    ['garbage', true],
    ['new', true],
  ])('formMode=%s: the page’s record is editable: %s', async (formMode, isEditable) => {
    const { api } = runner(`/apps/crm/account?cid=5&formMode=${formMode}`, undefined, {}, withAccountPage);
    render(<App client={api} />);
    // The bound component shows the record's name: in a box to change, or as text to read.
    await waitFor(() => expect(document.querySelector('.pl-bound')).toHaveTextContent('Name'));
    if (isEditable) expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Acme Pty');
    else {
      await waitFor(() => expect(document.querySelector('.pl-bound')).toHaveTextContent('Acme Pty'));
      expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    }
  });

  it('rtOptions: hides the app menu and shows the title bar the page hides', async () => {
    const { api } = runner(`/apps/crm/home?rtOptions=${options({ showMenu: false, showTitleBar: true })}`);
    render(<App client={api} />);
    const title = await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(title).not.toHaveClass('pl-visually-hidden');
    expect(title.closest('.pl-page-title-bar')).not.toBeNull();
    expect(menu()).toBeNull();
  });

  it('rtOptions: gives the page’s variables their values, which its rules then read', async () => {
    const plain = runner('/apps/crm', undefined, {}, withLinks);
    const { unmount } = render(<App client={plain.api} />);
    await waitFor(() => expect(plain.requests.some((r) => r.path === evalPath)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Western deals' })).toBeNull());
    unmount();
    const west = runner(
      `/apps/crm?rtOptions=${options({ variables: { Region: 'West' } })}`,
      undefined,
      {},
      withLinks,
    );
    render(<App client={west.api} />);
    await waitFor(() => expect(west.requests.some((r) => r.path === evalPath)).toBe(true));
    expect(west.requests.find((r) => r.path === evalPath)?.body).toMatchObject({
      params: [{ name: 'Region', type: 'String', value: 'West' }],
    });
    // The rule's answer has come (the page shows everything until it does): the heading stays.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('heading', { name: 'Western deals' })).toBeVisible();
  });

  it('relEid, relTypeId, relDir: a new record starts linked to the related record, and is saved so', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner(
      '/apps/crm/_createRecord?cid=30&relEid=9&relTypeId=401&relDir=rev',
      undefined,
      {},
      withLinks,
    );
    render(<App client={api} />);
    const form = await screen.findByRole('region', { name: 'New Account' });
    // The Owner picker starts with the related record chosen (its name is the picker's to read).
    const label = await within(form).findByText('Owner');
    const owner = label.closest('.pl-field') as HTMLElement;
    expect(await within(owner).findByRole('button', { name: /^Remove / })).toBeVisible();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Harbour Freight');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_editRecord'));
    const put = requests.find((r) => r.path === '/spapi/data/v1/entity/put');
    expect(put?.body).toMatchObject({
      entities: [{ id: 'new:record', typeId: 30, relationships: { owner: { set: [9] } } }],
    });
  });

  it('relEid, relTypeId, relDir: an end the form does not show is linked with the new record', async () => {
    const user = userEvent.setup();
    const { api, requests } = runner(
      '/apps/crm/_createRecord?cid=30&relEid=12&relTypeId=402&relDir=rev',
      undefined,
      {},
      withLinks,
    );
    render(<App client={api} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'Harbour Freight');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_editRecord'));
    const put = requests.find((r) => r.path === '/spapi/data/v1/entity/put');
    expect(put?.body).toMatchObject({
      entities: [{ id: 'new:record', relationships: { region: { add: [12] } } }],
    });
  });

  it.each([
    ['an end the type does not have', 'relEid=9&relTypeId=999&relDir=rev'],
    ['the wrong direction', 'relEid=9&relTypeId=401&relDir=fwd'],
    ['a direction that is none', 'relEid=9&relTypeId=401&relDir=sideways'],
    ['an id that is no number', 'relEid=nine&relTypeId=401&relDir=rev'],
    ['a record of another type', 'relEid=12&relTypeId=401&relDir=rev'],
    ['a record not found', 'relEid=404&relTypeId=401&relDir=rev'],
  ])('relEid, relTypeId, relDir: %s is ignored, and the record saves unlinked', async (_, query) => {
    const user = userEvent.setup();
    const { api, requests } = runner(`/apps/crm/_createRecord?cid=30&${query}`, undefined, {}, withLinks);
    render(<App client={api} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'Harbour Freight');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/apps/crm/_editRecord'));
    const put = requests.find((r) => r.path === '/spapi/data/v1/entity/put')!;
    const saved = (put.body as { entities: Array<{ relationships?: object }> }).entities[0];
    expect(saved?.relationships ?? {}).toEqual({});
  });

  it('fromPageSlug: a record opened from a page keeps that page current in the menu', async () => {
    const { api } = runner('/apps/crm/_viewRecord?cid=5&formMode=view&fromPageSlug=home');
    render(<App client={api} />);
    await screen.findByRole('heading', { level: 1, name: 'View Acme Pty' });
    expect(within(menu()!).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('fromPageSlug: a report’s address names the page it was opened from, kept current too', async () => {
    const { api } = runner('/apps/crm/home/_report/42');
    render(<App client={api} />);
    const home = await within(await screen.findByRole('navigation', { name: 'App menu' })).findByRole(
      'link',
      { name: 'Home' },
    );
    expect(home).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['/apps/crm/pipeline-filter', '/apps/crm/pipeline-filter'],
    ['https://elsewhere.example/apps/crm/home', '/apps/crm/home'],
    ['/apps/hr/home', '/apps/crm/home'],
    ['//elsewhere.example/x', '/apps/crm/home'],
  ])('asPath %s: a deleted record’s route goes back to %s', async (asPath, landing) => {
    const user = userEvent.setup();
    const { api } = runner(`/apps/crm/_viewRecord?cid=5&formMode=view&asPath=${encodeURIComponent(asPath)}`);
    render(<App client={api} />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(window.location.pathname).toBe(landing));
  });
});
