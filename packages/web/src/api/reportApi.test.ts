import { systemAction } from '@plinth/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError } from './apiClient';
import { reportApi } from './reportApi';

interface Sent {
  url: string;
  method: string;
  body: unknown;
  signal: AbortSignal | undefined;
}

function fakeServer(answers: Array<{ status?: number; body: unknown }>) {
  const sent: Sent[] = [];
  const impl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      signal: init?.signal ?? undefined,
    });
    const answer = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  const api = reportApi(new ApiClient({ fetch: impl as unknown as typeof fetch }), { baseUrl: '/base' });
  return { api, sent, impl };
}

const reportAnswer = {
  gdata: [{ eid: 1001, values: [{ val: 'Acme' }, { vals: [{ eid: 7, val: 'Jo' }] }] }],
  pageSize: 201,
  lrt: '2026-03-15T01:30:00.000Z',
};

const action = systemAction({
  id: -3,
  name: 'Edit Inline',
  method: 'custom',
  state: 'editInline',
  order: 50,
});
const menu = {
  actions: [action],
  showNewMenu: true,
  showExportMenu: true,
  showEditInlineButton: true,
  showEditInlineMenu: true,
  showFormPanelButton: true,
  showFormPanelMenu: true,
};

afterEach(() => vi.restoreAllMocks());

describe('reportApi', () => {
  it('runs a report with its query and answers the parsed page', async () => {
    const { api, sent } = fakeServer([{ body: reportAnswer }]);
    const controller = new AbortController();
    const page = await api.runReport(
      'crm:openDeals',
      { startIndex: 200, pageSize: 201, quickSearch: 'acme', sort: [{ colid: 'c1', order: 'Descending' }] },
      controller.signal,
    );
    expect(sent[0]).toMatchObject({ url: '/spapi/data/v1/report/crm%3AopenDeals', method: 'POST' });
    expect(sent[0]!.body).toMatchObject({
      startIndex: 200,
      pageSize: 201,
      quickSearch: 'acme',
      sort: [{ colid: 'c1', order: 'Descending' }],
    });
    expect(sent[0]!.signal).toBe(controller.signal);
    expect(page.gdata[0]!.eid).toBe(1001);
    expect(page.lrt).toBe('2026-03-15T01:30:00.000Z');
  });

  it('runs a public report through the anonymous path of its tenant', async () => {
    const { api, sent } = fakeServer([{ body: reportAnswer }]);
    await api.runPublicReport('acme', 42, { pageSize: 21 });
    expect(sent[0]).toMatchObject({ url: '/spapi/data/v1/public/acme/report/42', method: 'POST' });
    expect(sent[0]!.body).toMatchObject({ pageSize: 21 });
  });

  it('refuses an answer that is not a report page', async () => {
    const { api } = fakeServer([{ body: { rows: [] } }]);
    await expect(api.runReport(5, {})).rejects.toThrow();
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    const { api } = fakeServer([
      { status: 404, body: { error: { code: 'not_found', message: 'The record was not found.' } } },
    ]);
    await expect(api.runReport(5, {})).rejects.toMatchObject({
      constructor: ApiError,
      status: 404,
      message: 'The record was not found.',
    });
  });

  it('fetches the quick menu with the selection, report, type, hosts and context record', async () => {
    const { api, sent } = fakeServer([{ body: { data: menu } }]);
    const answer = await api.fetchQuickMenuActions({
      selectedIds: [1001, 1002],
      reportId: 77,
      entityTypeId: 300,
      hostIds: [9],
      hostTypeIds: [8],
      contextEntityId: 9,
    });
    expect(sent[0]).toMatchObject({ url: '/spapi/data/v1/actions/menu', method: 'POST' });
    expect(sent[0]!.body).toEqual({
      ids: [1001, 1002],
      reportId: 77,
      entityTypeId: 300,
      hostIds: [9],
      hostTypeIds: [8],
      contextEntityId: 9,
    });
    expect(answer.showEditInlineButton).toBe(true);
    expect(answer.actions[0]).toMatchObject({ id: -3, state: 'editInline' });
  });

  it('sends only the parts of the query an export takes, and answers the token and format', async () => {
    const { api, sent } = fakeServer([{ body: { fileHash: 'tok-1', format: 'csv' } }]);
    const result = await api.exportReport(
      77,
      {
        startIndex: 400,
        pageSize: 201,
        metadata: 'none',
        quickSearch: 'acme',
        conds: [{ expid: 'c2', oper: 'Equal', value: 'Won' }],
        limitOperator: 'ResultLimit',
        limitValue: 10,
      },
      'csv',
    );
    expect(sent[0]).toMatchObject({ url: '/spapi/data/v2/report/export/77/csv', method: 'POST' });
    expect(sent[0]!.body).toEqual({
      quickSearch: 'acme',
      conds: [{ expid: 'c2', oper: 'Equal', value: 'Won' }],
      limitOperator: 'ResultLimit',
      limitValue: 10,
    });
    expect(result).toEqual({ fileHash: 'tok-1', format: 'csv' });
    expect(api.exportDownloadUrl(result, 'Open deals')).toBe(
      '/base/spapi/data/v2/report/export/download/tok-1/Open%20deals.csv/csv',
    );
  });

  it('downloads an exported file under the report title through a link', async () => {
    const { api } = fakeServer([]);
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    api.downloadExport({ fileHash: 'tok-2', format: 'excel' }, 'Deals: 2026');
    expect(clicked).toEqual([
      {
        href: '/base/spapi/data/v2/report/export/download/tok-2/Deals%3A%202026.xlsx/excel',
        download: 'Deals: 2026.xlsx',
      },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('deletes one record or a list, and sends nothing for none', async () => {
    const { api, sent } = fakeServer([{ body: { deleted: [5] } }, { body: { deleted: [6, 7, 8] } }]);
    expect(await api.deleteEntities(5)).toEqual([5]);
    expect(await api.deleteEntities([6, 7])).toEqual([6, 7, 8]);
    expect(await api.deleteEntities([])).toEqual([]);
    expect(sent.map((s) => [s.url, s.method, s.body])).toEqual([
      ['/spapi/data/v1/entity/delete', 'POST', { ids: [5] }],
      ['/spapi/data/v1/entity/delete', 'POST', { ids: [6, 7] }],
    ]);
  });

  it('asks what a delete takes, then deletes with the ids that were shown', async () => {
    const details = {
      entities: [{ id: 5, name: 'Big deal', typeName: 'Opportunity' }],
      dependents: [
        {
          id: 9,
          name: 'Call',
          typeName: 'Activity',
          entitiesOnPath: [{ id: 5, name: 'Big deal', typeName: 'Opportunity' }],
        },
      ],
      related: [],
    };
    const { api, sent } = fakeServer([{ body: details }, { body: { deleted: [5, 9] } }]);
    expect(await api.fetchDeleteDetails([5])).toEqual(details);
    expect(await api.deleteEntities([5], undefined, [5, 9])).toEqual([5, 9]);
    expect(sent.map((s) => [s.url, s.method, s.body])).toEqual([
      ['/spapi/data/v1/entity/deleteDetails', 'POST', { ids: [5] }],
      ['/spapi/data/v1/entity/delete', 'POST', { ids: [5], shown: [5, 9] }],
    ]);
  });

  it('saves inline edits as fields and relationship sets by id, and answers the result per record', async () => {
    const results = [
      { entityId: 1001, validationResults: [], version: 4 },
      {
        entityId: 1002,
        validationResults: [{ id: 311, isReverse: false, errors: ['A value is required.'] }],
      },
    ];
    const { api, sent } = fakeServer([{ body: { results } }]);
    const answer = await api.saveModifiedEntities([
      {
        eid: 1001,
        version: 3,
        errors: {},
        cells: {
          c1: { colid: 'c1', fid: 310, value: 'Won' },
          c2: { colid: 'c2', rid: 500, value: [7, { id: 8, name: 'Sam' }] },
          c3: { colid: 'c3', rid: 501, rev: true, value: null },
          c4: { colid: 'c4', rid: 502, value: 9 },
        },
      },
      { eid: 1002, errors: {}, cells: { c1: { colid: 'c1', fid: 311, value: '' } } },
    ]);
    expect(sent[0]).toMatchObject({ url: '/spapi/data/v1/entity/saveModified', method: 'POST' });
    expect(sent[0]!.body).toEqual({
      records: [
        {
          id: 1001,
          version: 3,
          fields: { '#310': 'Won' },
          relationships: {
            '#500:fwd': { set: [7, 8] },
            '#501:rev': { set: [] },
            '#502:fwd': { set: [9] },
          },
        },
        { id: 1002, fields: { '#311': '' } },
      ],
    });
    expect(answer).toEqual(results);
  });

  it('saves nothing when no record was modified', async () => {
    const { api, impl } = fakeServer([]);
    expect(await api.saveModifiedEntities([])).toEqual([]);
    expect(impl).not.toHaveBeenCalled();
  });

  it('reads the type schema and a record with a field query', async () => {
    const schema = {
      type: {
        id: 300,
        name: 'Deal',
        scriptName: 'Deal',
        isAbstract: false,
        isChoiceType: false,
        isSystem: false,
        defaultEditFormId: 12,
      },
      ancestors: [{ id: 2, name: 'Resource', alias: 'core:resource' }],
      fields: [
        {
          id: 310,
          name: 'Stage',
          scriptName: 'stage',
          type: 'Text',
          storage: 'string',
          typeId: 300,
          isRequired: true,
          isReadOnly: false,
          maxLength: 20,
        },
      ],
      relationships: [],
      derivedTypes: [],
      canCreateType: true,
    };
    const entity = {
      id: 1001,
      typeId: 300,
      alias: null,
      name: 'Big deal',
      version: 3,
      canModify: true,
      canDelete: false,
      stage: 'Won',
    };
    const { api, sent } = fakeServer([{ body: schema }, { body: entity }]);
    const typeSchema = await api.fetchEntityTypeSchema(300);
    expect(typeSchema.fields[0]).toMatchObject({ id: 310, isRequired: true, maxLength: 20 });
    const record = await api.fetchEntity(1001, 'name, stage, account.name');
    expect(record).toMatchObject({ id: 1001, version: 3, stage: 'Won' });
    expect(sent.map((s) => [s.url, s.method])).toEqual([
      ['/spapi/data/v1/schema/type/300', 'GET'],
      ['/spapi/data/v1/entity/1001?query=name%2C%20stage%2C%20account.name', 'GET'],
    ]);
  });

  const typeSchema = (id: number, alias: string | undefined, name: string, extra: object = {}) => ({
    type: { id, alias, name, scriptName: name, isAbstract: false, isChoiceType: false, isSystem: false },
    ancestors: [],
    fields: [],
    relationships: [],
    derivedTypes: [],
    canCreateType: false,
    ...extra,
  });

  it("reads the report entity: its root type's alias, name and inherited aliases", async () => {
    const definition = { version: 1, rootTypeId: 12, columns: [{ id: 'c1', fieldId: 100 }] };
    const { api, sent } = fakeServer([
      {
        body: {
          id: 77,
          typeId: 15,
          alias: null,
          name: 'Files',
          version: 1,
          canModify: false,
          canDelete: false,
          reportDefinition: JSON.stringify(definition),
        },
      },
      {
        body: typeSchema(12, 'core:document', 'Document', {
          ancestors: [
            { id: 12, name: 'Document', alias: 'core:document' },
            { id: 1, name: 'Resource', alias: 'core:resource' },
          ],
        }),
      },
    ]);
    expect(await api.fetchReportEntity(77)).toEqual({
      typeAlias: 'core:document',
      typeName: 'Document',
      inheritedTypeAliases: ['core:resource'],
    });
    expect(sent.map((s) => s.url)).toEqual([
      '/spapi/data/v1/entity/77?query=reportDefinition',
      '/spapi/data/v1/schema/type/12',
    ]);
  });

  it('answers an empty report entity when the definition cannot be read', async () => {
    const { api, sent } = fakeServer([
      {
        body: {
          id: 77,
          typeId: 15,
          alias: null,
          name: 'Broken',
          version: 1,
          canModify: false,
          canDelete: false,
          reportDefinition: '{not json',
        },
      },
    ]);
    expect(await api.fetchReportEntity(77)).toEqual({ inheritedTypeAliases: [] });
    expect(sent).toHaveLength(1);
  });

  it("reads a row's entity: its name, whether it can be modified and whether it is a task or a run", async () => {
    const { api, sent } = fakeServer([
      {
        body: {
          id: 1001,
          typeId: 400,
          alias: null,
          name: 'Call Jo',
          version: 2,
          canModify: true,
          canDelete: true,
        },
      },
      {
        body: typeSchema(400, 'crm:callTask', 'Call task', {
          ancestors: [
            { id: 400, name: 'Call task', alias: 'crm:callTask' },
            { id: 300, name: 'Task', alias: 'core:task' },
          ],
        }),
      },
    ]);
    expect(await api.fetchRowEntity(1001)).toEqual({
      id: 1001,
      name: 'Call Jo',
      canModify: true,
      isTask: true,
      isProcessRun: false,
    });
    expect(sent.map((s) => s.url)).toEqual([
      '/spapi/data/v1/entity/1001?query=name',
      '/spapi/data/v1/schema/type/400',
    ]);
  });

  it('collects every type derived from person, at any depth, once each', async () => {
    const ref = (id: number, name: string) => ({ id, name, alias: null, isAbstract: false });
    const { api, sent } = fakeServer([
      {
        body: typeSchema(8, 'core:person', 'Person', {
          derivedTypes: [ref(20, 'Employee'), ref(21, 'Contact')],
        }),
      },
      { body: typeSchema(20, undefined, 'Employee', { derivedTypes: [ref(22, 'Manager')] }) },
      { body: typeSchema(21, undefined, 'Contact') },
      { body: typeSchema(22, undefined, 'Manager') },
    ]);
    expect((await api.fetchPersonDerivedTypeIds()).sort()).toEqual([20, 21, 22]);
    expect(sent.map((s) => s.url)).toEqual([
      '/spapi/data/v1/schema/type/core%3Aperson',
      '/spapi/data/v1/schema/type/20',
      '/spapi/data/v1/schema/type/21',
      '/spapi/data/v1/schema/type/22',
    ]);
  });

  it('builds the document file address, inline for a preview', () => {
    const { api } = fakeServer([]);
    expect(api.fileUrl(1234)).toBe('/base/spapi/data/v2/file/1234');
    expect(api.fileUrl(1234, { inline: true })).toBe('/base/spapi/data/v2/file/1234?inline=1');
  });
});
