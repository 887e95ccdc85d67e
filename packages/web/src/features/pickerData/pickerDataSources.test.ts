import { describe, expect, it } from 'vitest';
import { entityPickerSource } from './entityPickerSource';
import { fakeApi as client } from './fakeApi';
import { pickerSource } from './pickerDataSources';

const request = { config: { typeId: 'crm:contact' }, search: ' ada ', startIndex: 20, pageSize: 21 };

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
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/spapi/data/v1/entity/query',
      body: { ids: [9], query: 'name' },
    });
  });

  it('reads the template report ids, none when the call is not there', async () => {
    const there = client(() => ({ status: 200, body: { reportIds: [31] } }));
    expect(await pickerSource(there.api).fetchTemplateReportIds()).toEqual([31]);
    const missing = client((path) => ({
      status: 404,
      body: { error: { code: 'not_found', message: `No route GET ${path}.` } },
    }));
    expect(await pickerSource(missing.api).fetchTemplateReportIds()).toEqual([]);
    const refused = client(() => ({ status: 500, body: { error: { code: 'internal', message: 'Boom.' } } }));
    await expect(pickerSource(refused.api).fetchTemplateReportIds()).rejects.toThrow('Boom.');
    expect(await entityPickerSource(there.api).fetchTemplateReportIds()).toEqual([]);
  });
});
