import { sysField } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * A report made of an Object's records from the schema editor (decision 0111): every column a list
 * shows, calculations included, named after the Object in the plural, run like any saved report,
 * listed as a use of the Object, and deleted before the Object can be.
 */
describe.each(engines)('a report of an Object on %s', (engine) => {
  let t: TestApp;
  let clerk: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.addUser('clerk', []);
    clerk = await t.login('clerk');
  });
  afterAll(() => t.close());

  const makeReport = (typeId: number | string) =>
    t.admin.post(`/spapi/data/v1/schema/type/${typeId}/report`, {});

  it('lists the name, the fields, the calculation and the lookup, and runs with the records', async () => {
    const { typeId: client } = await defineType(t.admin, 'Patron', []);
    const { typeId, fieldIds } = await defineType(t.admin, 'Venture', [
      { name: 'Code', type: 'Text' },
      { name: 'Notes', type: 'MultilineText' },
      { name: 'Budget', type: 'Number' },
      {
        name: 'Double budget',
        script: 'Double_budget',
        type: 'Calculation',
        fieldCalculation: '[Budget] * 2',
      },
    ]);
    const relId = await defineRelationship(t.admin, 'lookup', typeId, client, 'Patron', 'Ventures', {
      toName: 'Patron',
      fromName: 'Ventures',
    });
    const put = await t.admin.put([
      { id: 'new:p', typeId: client, fields: { name: 'Acme' } },
      {
        id: 'new:v',
        typeId,
        fields: { name: 'Bridge', Code: 'BR-1', Budget: 1200 },
        relationships: { Patron: { set: ['new:p'] } },
      },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const made = await makeReport(typeId);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({ id: expect.any(Number), name: 'Ventures' });

    const stored = await t.admin.read(made.body.id, 'reportDefinition');
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const definition = JSON.parse(stored.body.reportDefinition);
    expect(definition.rootTypeId).toBe(typeId);
    // Long text is searched, not listed; the calculation and the lookup are.
    expect(definition.columns.map((c: { fieldId?: number; relId?: number }) => c.fieldId ?? c.relId)).toEqual(
      [sysField.name, fieldIds.Code, fieldIds.Budget, fieldIds.Double_budget, relId],
    );

    const run = await t.admin.post(`/spapi/data/v1/report/${made.body.id}`, { metadata: 'none' });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.gdata).toHaveLength(1);
    const cells = run.body.gdata[0].values.map(
      (v: { val?: unknown; vals?: Array<{ val: string | null }> }) => v.vals?.map((x) => x.val) ?? v.val,
    );
    expect(cells).toEqual(['Bridge', 'BR-1', 1200, 2400, ['Acme']]);
  });

  it('names a second report after the first, and the Object cannot go until its reports do', async () => {
    const { typeId } = await defineType(t.admin, 'Company', []);
    const first = await makeReport(typeId);
    const second = await makeReport(typeId);
    expect([first.body.name, second.body.name]).toEqual(['Companies', 'Companies 2']);
    const usage = await t.admin.get(`/spapi/data/v1/schema/type/${typeId}/usage`);
    expect(usage.body.reports.map((r: { name: string }) => r.name)).toEqual(['Companies', 'Companies 2']);

    const refused = await t.admin.post(`/spapi/data/v1/schema/type/${typeId}/delete`, { recordCount: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'The Object is used and cannot be deleted. Reports: Companies, Companies 2.',
    );
    expect((await t.admin.put([], [first.body.id, second.body.id])).status).toBe(200);
    const done = await t.admin.post(`/spapi/data/v1/schema/type/${typeId}/delete`, { recordCount: 0 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('refuses an abstract Object, a catalogue or unknown one, and a user who is not an administrator', async () => {
    const { typeId } = await defineType(t.admin, 'Shapeless', []);
    expect((await t.admin.put([{ id: typeId, fields: { isAbstract: true } }])).status).toBe(200);
    const abstract = await makeReport(typeId);
    expect(abstract.status).toBe(400);
    expect(abstract.body.error.message).toBe('An abstract Object has no records of its own to list.');
    expect((await makeReport('core:person')).status).toBe(404);
    expect((await makeReport(999_999)).status).toBe(404);

    const { typeId: guarded } = await defineType(t.admin, 'Guarded', []);
    const denied = await clerk.post(`/spapi/data/v1/schema/type/${guarded}/report`, {});
    expect(denied.status).toBe(403);
    const usage = await t.admin.get(`/spapi/data/v1/schema/type/${guarded}/usage`);
    expect(usage.body.reports).toEqual([]);
  });
});
