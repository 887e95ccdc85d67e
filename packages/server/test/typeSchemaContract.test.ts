import { typeSchemaResponse } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/** The type schema the browser's inline editing reads parses with the shared contract. */
describe.each(engines)('type schema contract on %s', (engine) => {
  let t: TestApp;
  let deal: number;
  let fieldIds: Record<string, number>;
  let rel: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const account = (await defineType(t.admin, 'Account', [])).typeId;
    ({ typeId: deal, fieldIds } = await defineType(t.admin, 'Deal', [
      { name: 'Qty', script: 'qty', type: 'Number', minInt: 1, maxInt: 10 },
      { name: 'Stage', script: 'stage', type: 'Text', isRequired: true, maxLength: 20 },
    ]));
    rel = await defineRelationship(t.admin, 'lookup', deal, account, 'account', 'deals');
  });
  afterAll(() => t.close());

  it('answers fields with their bounds and relationship ends as the contract has them', async () => {
    const res = await t.admin.get(`/spapi/data/v1/schema/type/${deal}`);
    expect(res.status).toBe(200);
    const schema = typeSchemaResponse.parse(res.body);
    expect(schema.type).toMatchObject({ id: deal, name: 'Deal' });
    expect(schema.fields.find((f) => f.id === fieldIds.qty)).toMatchObject({ minInt: 1, maxInt: 10 });
    expect(schema.fields.find((f) => f.id === fieldIds.stage)).toMatchObject({
      isRequired: true,
      maxLength: 20,
    });
    expect(schema.fields.find((f) => f.scriptName === 'name')).toMatchObject({ column: 'name' });
    expect(schema.relationships).toContainEqual(
      expect.objectContaining({ id: rel, direction: 'fwd', endScriptName: 'account' }),
    );
  });
});
