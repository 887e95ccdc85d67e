import type { PickerPageRequest } from '@plinth/fields';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { reportPickerSource } from './reportPickerSource';

const rcols = {
  email: { title: 'Email', type: 'String', ord: 2, hide: false },
  secret: { title: 'Secret', type: 'String', ord: 1, hide: true },
  name: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true },
  active: { title: 'Active', type: 'Bool', ord: 3, hide: false },
  stage: { title: 'Stage', type: 'ChoiceRelationship', ord: 4, hide: false, rid: 9, tid: 8 },
};
const gdata = [
  {
    eid: 7,
    values: [
      { val: 'Ada' },
      { val: 's' },
      { val: 'ada@example.com' },
      { val: true },
      { vals: [{ eid: 3, val: 'Won' }] },
    ],
  },
];
const meta = (anlcols: Record<string, unknown> = {}) => ({
  title: 'Contacts',
  rootTypeId: 4,
  rcols,
  sort: [],
  anlcols,
});
const answer = (anlcols?: Record<string, unknown>) => ({
  status: 200,
  body: { meta: meta(anlcols), gdata, pageSize: 11, lrt: 'x' },
});
const request = (extra: Partial<PickerPageRequest> = {}): PickerPageRequest => ({
  config: { typeId: 'crm:contact' },
  search: '',
  startIndex: 0,
  pageSize: 11,
  ...extra,
});

describe('reportPickerSource', () => {
  it("answers the report's visible columns and each record's text in them, from column metadata", async () => {
    const { api, requests } = fakeApi(() => answer());
    const page = await reportPickerSource(api).fetchPage(request());
    expect(requests[0]!.body).toMatchObject({ metadata: 'colbasic', usage: 'Picker', pageSize: 11 });
    expect(page.report).toEqual({
      title: 'Contacts',
      columns: [
        { id: 'name', title: 'Name', isName: true },
        { id: 'email', title: 'Email', isName: false },
        { id: 'active', title: 'Active', isName: false },
        { id: 'stage', title: 'Stage', isName: false },
      ],
      conditions: null,
    });
    expect(page.rows).toEqual([{ id: 7, name: 'Ada', cells: ['Ada', 'ada@example.com', 'Yes', 'Won'] }]);
  });

  it("asks the full metadata when told, and lists the report's own conditions that hold a value", async () => {
    const { api, requests } = fakeApi(() =>
      answer({
        c1: {
          colid: 'email',
          title: 'Email',
          type: 'String',
          oper: 'Contains',
          value: '@acme',
          hidden: false,
        },
        c2: { colid: 'secret', title: 'Secret', type: 'String', oper: 'Equal', value: 'x', hidden: true },
        c3: { colid: 'active', title: 'Active', type: 'Bool', hidden: false },
        c4: {
          colid: 'name',
          title: 'Name',
          type: 'String',
          oper: 'Equal',
          values: ['Ada', 'Bo'],
          hidden: false,
        },
      }),
    );
    const page = await reportPickerSource(api).fetchPage(request({ metadata: 'full' }));
    expect(requests[0]!.body).toMatchObject({ metadata: 'full' });
    expect(page.report?.conditions).toEqual([
      { title: 'Email', operator: 'Contains', value: '@acme' },
      { title: 'Name', operator: 'Equal', value: 'Ada, Bo' },
    ]);
  });

  it("runs a template report narrowed to the picker's type, other reports as they are", async () => {
    const { api, requests } = fakeApi(() => answer());
    const source = reportPickerSource(api);
    await source.fetchPage(
      request({ config: { typeId: 'crm:contact', reportId: 31, isTemplateReport: true } }),
    );
    await source.fetchPage(request({ config: { typeId: 'crm:contact', reportId: 40 } }));
    expect(requests.map((r) => r.path)).toEqual(['/spapi/data/v1/report/31', '/spapi/data/v1/report/40']);
    expect(requests[0]!.body).toMatchObject({ entityTypeId: 'crm:contact' });
    expect(requests[1]!.body).not.toHaveProperty('entityTypeId');
  });

  it("runs the relationship end's picker report, unless the host names a report of its own", async () => {
    const { api, requests } = fakeApi(() => answer());
    const source = reportPickerSource(api);
    const relationshipEnd = { relationshipId: 60, direction: 'rev' as const };
    const page = await source.fetchPage(
      request({ config: { typeId: 'crm:contact', relationshipEnd }, search: ' ada ' }),
    );
    await source.fetchPage(request({ config: { typeId: 'crm:contact', relationshipEnd, reportId: 40 } }));
    expect(requests.map((r) => r.path)).toEqual([
      '/spapi/data/v1/report/relationship/60/rev/picker',
      '/spapi/data/v1/report/40',
    ]);
    expect(requests[0]!.body).toEqual({
      startIndex: 0,
      pageSize: 11,
      metadata: 'colbasic',
      usage: 'Picker',
      quickSearch: 'ada',
    });
    expect(page.rows).toEqual([{ id: 7, name: 'Ada', cells: ['Ada', 'ada@example.com', 'Yes', 'Won'] }]);
  });

  it('reads the template report ids', async () => {
    const { api, requests } = fakeApi(() => ({ status: 200, body: { reportIds: [31] } }));
    expect(await reportPickerSource(api).fetchTemplateReportIds()).toEqual([31]);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/spapi/data/v1/report/templateIds' });
  });
});

describe('reportPickerSource for choice types', () => {
  const values = [
    { id: 1, name: 'Won', order: 1, colour: '#1c7c3c', iconImageId: 12, isRetired: false },
    { id: 2, name: 'Dropped', order: 2, colour: null, iconImageId: null, isRetired: true },
    { id: 3, name: 'Lost', order: 3, colour: '#ffffff', iconImageId: null, isRetired: false },
  ];
  const stage = { typeId: 'crm:stage', isEnumeration: true };
  const server = () =>
    fakeApi((path) => (path.endsWith('/enumValues') ? { status: 200, body: { values } } : answer()));

  it('looks the values up, in the order the server gives, without search or filters; retired ones are not offered', async () => {
    const { api, requests } = server();
    const page = await reportPickerSource(api).fetchPage(request({ config: stage, pageSize: 0 }));
    expect(requests).toEqual([
      { method: 'GET', path: '/spapi/data/v1/schema/type/crm%3Astage/enumValues', body: undefined },
    ]);
    expect(page).toEqual({
      hasNameColumn: true,
      rows: [
        { id: 1, name: 'Won', colour: '#1c7c3c', iconImageId: 12 },
        { id: 3, name: 'Lost', colour: '#ffffff', iconImageId: null },
      ],
    });
  });

  it('runs the report when searching, filtering, in the modal or with a report of its own', async () => {
    const { api, requests } = server();
    const source = reportPickerSource(api);
    await source.fetchPage(request({ config: stage, search: 'wo', pageSize: 0 }));
    await source.fetchPage(request({ config: { ...stage, filters: { pipeline: 4 } }, pageSize: 0 }));
    await source.fetchPage(request({ config: { ...stage, isModal: true } }));
    await source.fetchPage(request({ config: { ...stage, reportId: 12 }, pageSize: 0 }));
    const relationshipEnd = { relationshipId: 61, direction: 'fwd' as const };
    await source.fetchPage(request({ config: { ...stage, relationshipEnd }, pageSize: 0 }));
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST', 'POST']);
    expect(requests.at(-1)!.path).toBe('/spapi/data/v1/report/relationship/61/fwd/picker');
  });
});

const nameMeta = (withName: boolean) => ({
  title: 'Contact',
  rootTypeId: 4,
  rcols: {
    description: { title: 'Description', type: 'String', ord: 1, hide: false },
    name: { title: 'Name', type: 'String', ord: 0, hide: false, ...(withName ? { entityname: true } : {}) },
  },
  sort: [],
  anlcols: {},
});

const searchRequest = { config: { typeId: 'crm:contact' }, search: ' ada ', startIndex: 20, pageSize: 21 };

describe('reportPickerSource searches and labels', () => {
  it("asks the type's picker report with quick search, usage Picker and page size + 1", async () => {
    const { api, requests } = fakeApi(() => ({
      status: 200,
      body: {
        meta: nameMeta(true),
        gdata: [
          { eid: 7, values: [{ val: 'Ada' }, { val: 'x' }] },
          { eid: 8, values: [{ val: null }, { val: null }] },
        ],
        pageSize: 21,
        lrt: '2026-01-01T00:00:00Z',
      },
    }));
    const page = await reportPickerSource(api).fetchPage(searchRequest);
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/spapi/data/v1/report/type/crm%3Acontact/picker',
      body: { startIndex: 20, pageSize: 21, metadata: 'colbasic', usage: 'Picker', quickSearch: 'ada' },
    });
    expect(page.hasNameColumn).toBe(true);
    expect(page.rows).toEqual([
      { id: 7, name: 'Ada', cells: ['Ada', 'x'] },
      { id: 8, name: null, cells: [null, null] },
    ]);
  });

  it('says when the report has no name column, and marks people', async () => {
    const { api } = fakeApi(() => ({
      status: 200,
      body: { meta: nameMeta(false), gdata: [], pageSize: 21, lrt: 'x' },
    }));
    expect(await reportPickerSource(api).fetchPage(searchRequest)).toMatchObject({
      rows: [],
      hasNameColumn: false,
    });
    const people = fakeApi(() => ({
      status: 200,
      body: {
        meta: nameMeta(true),
        gdata: [{ eid: 1, values: [{ val: 'Ada' }, { val: null }] }],
        pageSize: 21,
        lrt: 'x',
      },
    }));
    const page = await reportPickerSource(people.api).fetchPage({
      ...searchRequest,
      config: { typeId: 5, isPeople: true },
    });
    expect(page.rows).toEqual([{ id: 1, name: 'Ada', isPerson: true, cells: ['Ada', null] }]);
  });

  it('takes enum colours from multi-value name cells', async () => {
    const { api } = fakeApi(() => ({
      status: 200,
      body: {
        meta: nameMeta(true),
        gdata: [
          { eid: 3, values: [{ vals: [{ eid: 3, val: 'Closed Won', color: '#1c7c3c' }] }, { val: null }] },
        ],
        pageSize: 0,
        lrt: 'x',
      },
    }));
    const page = await reportPickerSource(api).fetchPage({ ...searchRequest, pageSize: 0 });
    expect(page.rows).toEqual([
      { id: 3, name: 'Closed Won', colour: '#1c7c3c', cells: ['Closed Won', null] },
    ]);
  });
});
