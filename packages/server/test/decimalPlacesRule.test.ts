import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/** Decimal places apply only to non-integer fields (spec 01 §5, decision 0096). */
describe.each(engines)('decimal places on %s', (engine) => {
  let t: TestApp;
  let typeId: number;
  const message = 'Decimal places apply only to Decimal, Currency and Calculation fields.';

  beforeAll(async () => {
    t = await startTestApp(engine);
    typeId = (await defineType(t.admin, 'Places', [])).typeId;
  });
  afterAll(() => t.close());

  const putField = (fieldType: string, script: string, extra: Record<string, unknown>) =>
    t.admin.put([
      {
        id: 'new:f',
        typeId: 'core:field',
        fields: { name: script, fieldScriptName: script, fieldType, ...extra },
        relationships: { fieldIsOnType: { set: [typeId] } },
      },
    ]);

  it.each(['Number', 'AutoNumber', 'Text', 'Date'])('refuses decimal places on a %s field', async (type) => {
    const res = await putField(type, `places${type}`, { decimalPlaces: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([{ id: 'new:f', member: 'decimalPlaces', message }]);
  });

  it.each(['Decimal', 'Currency'])('accepts decimal places on a %s field', async (type) => {
    const res = await putField(type, `ok${type}`, { decimalPlaces: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses setting them later on an integer field, and accepts clearing them', async () => {
    const created = await putField('Number', 'count', {});
    expect(created.status).toBe(200);
    const id = created.body.ids['new:f'];
    const refused = await t.admin.put([{ id, fields: { decimalPlaces: 1 } }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.errors[0].message).toBe(message);
    expect((await t.admin.put([{ id, fields: { decimalPlaces: null } }])).status).toBe(200);
  });
});
