import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/apiClient';
import { entityPickerSource, pickerSource, reportPickerSource } from './pickerDataSources';

type Handler = (path: string, body: unknown) => { status: number; body: unknown };

function client(handler: Handler) {
  const requests: Array<{ path: string; body: unknown }> = [];
  const impl = async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ path: String(url), body });
    const answer = handler(String(url), body);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return { api: new ApiClient({ fetch: impl as typeof fetch }), requests };
}

const meta = (withName: boolean) => ({
  title: 'Contact',
  rootTypeId: 4,
  rcols: {
    description: { title: 'Description', type: 'String', ord: 1, hide: false },
    name: { title: 'Name', type: 'String', ord: 0, hide: false, ...(withName ? { entityname: true } : {}) },
  },
  sort: [],
  anlcols: {},
});

const request = { config: { typeId: 'crm:contact' }, search: ' ada ', startIndex: 20, pageSize: 21 };

describe('reportPickerSource', () => {
  it("asks the type's picker report with quick search, usage Picker and page size + 1", async () => {
    const { api, requests } = client(() => ({
      status: 200,
      body: {
        meta: meta(true),
        gdata: [
          { eid: 7, values: [{ val: 'Ada' }, { val: 'x' }] },
          { eid: 8, values: [{ val: null }, { val: null }] },
        ],
        pageSize: 21,
        lrt: '2026-01-01T00:00:00Z',
      },
    }));
    const page = await reportPickerSource(api).fetchPage(request);
    expect(requests[0]).toEqual({
      path: '/spapi/data/v1/report/type/crm%3Acontact/picker',
      body: { startIndex: 20, pageSize: 21, metadata: 'colbasic', usage: 'Picker', quickSearch: 'ada' },
    });
    expect(page).toEqual({
      hasNameColumn: true,
      rows: [
        { id: 7, name: 'Ada' },
        { id: 8, name: null },
      ],
    });
  });

  it('says when the report has no name column, and marks people', async () => {
    const { api } = client(() => ({
      status: 200,
      body: { meta: meta(false), gdata: [], pageSize: 21, lrt: 'x' },
    }));
    expect(await reportPickerSource(api).fetchPage(request)).toEqual({ rows: [], hasNameColumn: false });
    const people = client(() => ({
      status: 200,
      body: {
        meta: meta(true),
        gdata: [{ eid: 1, values: [{ val: 'Ada' }, { val: null }] }],
        pageSize: 21,
        lrt: 'x',
      },
    }));
    const page = await reportPickerSource(people.api).fetchPage({
      ...request,
      config: { typeId: 5, isPeople: true },
    });
    expect(page.rows).toEqual([{ id: 1, name: 'Ada', isPerson: true }]);
  });

  it('takes enum colours from multi-value name cells', async () => {
    const { api } = client(() => ({
      status: 200,
      body: {
        meta: meta(true),
        gdata: [
          { eid: 3, values: [{ vals: [{ eid: 3, val: 'Closed Won', color: '#1c7c3c' }] }, { val: null }] },
        ],
        pageSize: 0,
        lrt: 'x',
      },
    }));
    const page = await reportPickerSource(api).fetchPage({ ...request, pageSize: 0 });
    expect(page.rows).toEqual([{ id: 3, name: 'Closed Won', colour: '#1c7c3c' }]);
  });
});

describe('pickerSource', () => {
  it('falls back to the entity service when the report route is missing', async () => {
    const { api, requests } = client((path) =>
      path.includes('/report/')
        ? { status: 404, body: { error: { code: 'not_found', message: `No route POST ${path}.` } } }
        : {
            status: 200,
            body: {
              entities: [
                { id: 1, typeId: 4, alias: null, name: 'Ada', version: 1, canModify: true, canDelete: true },
                { id: 2, typeId: 4, alias: null, name: 'Bob', version: 1, canModify: true, canDelete: true },
              ],
              pageSize: 21,
              hasMore: false,
            },
          },
    );
    const source = pickerSource(api);
    expect((await source.fetchPage(request)).rows).toEqual([{ id: 1, name: 'Ada' }]);
    await source.fetchPage({ ...request, search: '' });
    expect(requests.map((r) => r.path)).toEqual([
      '/spapi/data/v1/report/type/crm%3Acontact/picker',
      '/spapi/data/v1/entity/ofType',
      '/spapi/data/v1/entity/ofType',
    ]);
    expect(requests[1]!.body).toMatchObject({
      typeId: 'crm:contact',
      query: 'name',
      startIndex: 20,
      pageSize: 21,
    });
  });

  it('passes other report failures on (the machine then returns to ready)', async () => {
    const { api } = client(() => ({ status: 403, body: { error: { code: 'forbidden', message: 'No.' } } }));
    await expect(pickerSource(api).fetchPage(request)).rejects.toThrow('No.');
  });

  it('reads missing selected records by id', async () => {
    const { api, requests } = client(() => ({
      status: 200,
      body: {
        entities: [
          { id: 9, typeId: 4, alias: null, name: 'Old', version: 1, canModify: true, canDelete: true },
        ],
      },
    }));
    expect(await entityPickerSource(api).fetchByIds([9])).toEqual([{ id: 9, name: 'Old' }]);
    expect(requests[0]).toEqual({ path: '/spapi/data/v1/entity/query', body: { ids: [9], query: 'name' } });
  });
});
