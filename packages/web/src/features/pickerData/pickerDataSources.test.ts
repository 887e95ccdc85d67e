import { describe, expect, it } from 'vitest';
import { fakeApi as client } from '../../test/fakeApi';
import { entityPickerSource } from './entityPickerSource';
import { pickerSource } from './pickerDataSources';

const request = { config: { typeId: 'crm:contact' }, search: ' ada ', startIndex: 20, pageSize: 21 };

describe('pickerSource', () => {
  it('asks the report call, and the entity service when the host filters by member', async () => {
    const { api, requests } = client((path) =>
      path.includes('/report/')
        ? {
            status: 200,
            body: {
              meta: {
                title: 'Contacts',
                rootTypeId: 4,
                rcols: { name: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true } },
                sort: [],
                anlcols: {},
              },
              gdata: [{ eid: 3, values: [{ val: 'Ada' }] }],
              pageSize: 21,
              lrt: '2026-11-22T00:00:00Z',
            },
          }
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
    expect((await source.fetchPage(request)).rows).toEqual([expect.objectContaining({ id: 3, name: 'Ada' })]);
    const filtered = { ...request, config: { ...request.config, filters: { account: 7 } } };
    expect((await source.fetchPage(filtered)).rows).toEqual([{ id: 1, name: 'Ada' }]);
    expect(requests.map((r) => r.path)).toEqual([
      '/spapi/data/v1/report/type/crm%3Acontact/picker',
      '/spapi/data/v1/entity/ofType',
    ]);
    expect(requests[0]!.body).toMatchObject({
      quickSearch: 'ada',
      startIndex: 20,
      pageSize: 21,
      usage: 'Picker',
    });
    expect(requests[1]!.body).toMatchObject({ typeId: 'crm:contact', startIndex: 20, pageSize: 21 });
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
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/spapi/data/v1/entity/query',
      body: { ids: [9], query: 'name' },
    });
  });

  it('reads the template report ids', async () => {
    const there = client(() => ({ status: 200, body: { reportIds: [31] } }));
    expect(await pickerSource(there.api).fetchTemplateReportIds()).toEqual([31]);
    const refused = client(() => ({ status: 500, body: { error: { code: 'internal', message: 'Boom.' } } }));
    await expect(pickerSource(refused.api).fetchTemplateReportIds()).rejects.toThrow('Boom.');
    expect(await entityPickerSource(there.api).fetchTemplateReportIds()).toEqual([]);
  });
});
