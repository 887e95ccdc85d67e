import { sysField } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The schema editor's Object calls (decision 0095): the list of Objects, what uses one, and deleting
 * one — refused while a form, page, report, relationship or derived Object uses it, and otherwise
 * taking exactly the records whose count the administrator confirmed.
 */
describe.each(engines)('Object usage and delete on %s', (engine) => {
  let t: TestApp;
  let clerk: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.addUser('clerk', []);
    clerk = await t.login('clerk');
  });
  afterAll(() => t.close());

  const addRecords = async (typeId: number, count: number) => {
    const res = await t.admin.put(
      Array.from({ length: count }, (_, i) => ({ id: `new:r${i}`, typeId, fields: { name: `R${i}` } })),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const usageOf = async (typeId: number) => {
    const res = await t.admin.get(`/spapi/data/v1/schema/type/${typeId}/usage`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('lists the tenant’s Objects with their base and flags, system ones marked', async () => {
    const { typeId } = await defineType(t.admin, 'Listed', []);
    const res = await t.admin.get('/spapi/data/v1/schema/types');
    expect(res.status).toBe(200);
    expect(res.body.types).toContainEqual(
      expect.objectContaining({ id: typeId, name: 'Listed', scriptName: 'Listed', isSystem: false }),
    );
    expect(res.body.types).toContainEqual(expect.objectContaining({ alias: 'core:person', isSystem: true }));
  });

  it('answers nothing in use and the record count of an Object and its derived ones', async () => {
    const { typeId } = await defineType(t.admin, 'Counted', [{ name: 'Code', type: 'Text' }]);
    await addRecords(typeId, 3);
    expect(await usageOf(typeId)).toEqual({
      forms: [],
      pages: [],
      reports: [],
      relationships: [],
      derivedTypes: [],
      recordCount: 3,
    });
  });

  it('names the forms, reports, relationships and derived Objects that use an Object', async () => {
    const { typeId } = await defineType(t.admin, 'Used', []);
    const { typeId: other } = await defineType(t.admin, 'Other', []);
    const { typeId: derived } = await defineType(t.admin, 'UsedKind', [], typeId);
    await defineRelationship(t.admin, 'lookup', other, typeId, 'used', 'others', {
      toName: 'Used thing',
      fromName: 'Others',
    });
    const res = await t.admin.put([
      {
        id: 'new:form',
        typeId: 'core:form',
        fields: { name: 'Used form', formDefinition: JSON.stringify({ version: 1, typeId: derived }) },
      },
      {
        id: 'new:report',
        typeId: 'core:report',
        fields: {
          name: 'Used report',
          reportDefinition: JSON.stringify({
            version: 1,
            rootTypeId: typeId,
            columns: [{ id: 'c1', kind: 'field', fieldId: sysField.name }],
          }),
        },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const usage = await usageOf(typeId);
    expect(usage.forms).toEqual([{ id: res.body.ids['new:form'], name: 'Used form' }]);
    expect(usage.reports.map((r: { name: string }) => r.name)).toEqual(['Used report']);
    expect(usage.relationships.map((r: { name: string }) => r.name)).toEqual(['Others']);
    expect(usage.derivedTypes).toEqual([{ id: derived, name: 'UsedKind' }]);

    const refused = await t.admin.post(`/spapi/data/v1/schema/type/${typeId}/delete`, { recordCount: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'The Object is used and cannot be deleted. Forms: Used form; Reports: Used report; Relationships: Others; Derived Objects: UsedKind.',
    );
    expect((await t.admin.get(`/spapi/data/v1/schema/type/${typeId}`)).status).toBe(200);
  });

  it('deletes an Object with the records whose count was confirmed', async () => {
    const { typeId } = await defineType(t.admin, 'Doomed', [{ name: 'Code', type: 'Text' }]);
    await addRecords(typeId, 4);
    const stale = await t.admin.post(`/spapi/data/v1/schema/type/${typeId}/delete`, { recordCount: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'The Object now has 4 records, not 3. Check again before deleting.',
    );
    expect((await usageOf(typeId)).recordCount).toBe(4);

    const done = await t.admin.post(`/spapi/data/v1/schema/type/${typeId}/delete`, { recordCount: 4 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ deleted: typeId, recordCount: 4 });
    expect((await t.admin.get(`/spapi/data/v1/schema/type/${typeId}`)).status).toBe(404);
    const types = (await t.admin.get('/spapi/data/v1/schema/types')).body.types as Array<{ id: number }>;
    expect(types.some((x) => x.id === typeId)).toBe(false);
  });

  it('refuses the catalogue’s own Objects and unknown ones with 404', async () => {
    expect((await t.admin.get('/spapi/data/v1/schema/type/core:person/usage')).status).toBe(404);
    expect(
      (await t.admin.post('/spapi/data/v1/schema/type/core:person/delete', { recordCount: 0 })).status,
    ).toBe(404);
    expect((await t.admin.get('/spapi/data/v1/schema/type/999999/usage')).status).toBe(404);
  });

  it('refuses a user who is not an administrator, and changes nothing', async () => {
    const { typeId } = await defineType(t.admin, 'Guarded', []);
    const list = await clerk.get('/spapi/data/v1/schema/types');
    expect(list.status).toBe(403);
    expect(list.body.error.message).toBe('Only administrators can do this.');
    expect((await clerk.get(`/spapi/data/v1/schema/type/${typeId}/usage`)).status).toBe(403);
    expect((await clerk.post(`/spapi/data/v1/schema/type/${typeId}/delete`, { recordCount: 0 })).status).toBe(
      403,
    );
    expect((await t.admin.get(`/spapi/data/v1/schema/type/${typeId}`)).status).toBe(200);
  });

  it('refuses a body that is not a count with 400', async () => {
    const { typeId } = await defineType(t.admin, 'Shaped', []);
    const res = await t.admin.post(`/spapi/data/v1/schema/type/${typeId}/delete`, { recordCount: -1 });
    expect(res.status).toBe(400);
  });
});
