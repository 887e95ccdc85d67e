import { fixedActionIds, type RunnerAppResponse, recordActionIds, systemAction } from '@plinth/schema';
import { type FakeHandler, fakeApi } from '../../../test/fakeApi';
import { crmApp, me, pageResponse } from './runnerFixtures';

/**
 * The server a runner test talks to: the CRM app of runnerFixtures, its pages, and the account
 * Acme Pty (id 5) of type Account (30) with its generated form, its form actions and its delete,
 * and the breadcrumb sealer (a name sealed is `sealed:` and the name).
 */
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

export const accountType = {
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
export const accountForm = {
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

export function runner(
  path: string,
  settings?: Record<string, unknown>,
  appChanges: Partial<RunnerAppResponse> = {},
  /** Answers first; undefined leaves the request to the usual answers. */
  before?: (url: string, body: unknown) => ReturnType<FakeHandler> | undefined,
) {
  window.history.pushState(null, '', path);
  const app = crmApp(appChanges);
  return fakeApi((url, body) => {
    const first = before?.(url, body);
    if (first) return first;
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
    if (url === '/spapi/data/v1/breadcrumbs/encrypt')
      return { status: 200, body: { values: (body as { names: string[] }).names.map((n) => `sealed:${n}`) } };
    if (url === '/spapi/data/v1/breadcrumbs/decrypt')
      return {
        status: 200,
        body: { names: (body as { values: string[] }).values.map((v) => v.replace(/^sealed:/, '')) },
      };
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
