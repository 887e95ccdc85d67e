import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTwoApps, type TwoApps } from './coherence/twoApps.js';
import { defineType } from './support/crmSchema.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Decisions 0074 and 0075: two servers on one PostgreSQL database agree on a type's generated
 * default form and on a form's change marker, the very next read after a write through the other.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('forms on two servers of one database', () => {
  let w: TwoApps;
  beforeAll(async () => {
    w = await startTwoApps();
  });
  afterAll(() => w?.close());

  it("sees a type's new field in its generated form at once", async () => {
    const b = w.onB(w.t.admin);
    const { typeId } = await defineType(w.t.admin, 'Ticket', [
      { name: 'Title', script: 'title', type: 'Text' },
    ]);
    const before = await b.get(`/spapi/data/v1/type/${typeId}/defaultForm`);
    expect(before.status).toBe(200);
    expect((await b.get(`/spapi/data/v1/type/${typeId}/defaultForm`)).body).toEqual(before.body);
    const added = await w.t.admin.put([
      {
        id: 'new:f',
        typeId: 'core:field',
        fields: { name: 'Priority', fieldScriptName: 'priority', fieldType: 'Number' },
        relationships: { fieldIsOnType: { set: [typeId] } },
      },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = await b.request('GET', `/spapi/data/v1/type/${typeId}/defaultForm`, undefined, {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.body.controls.map((c: { fieldToRender?: number }) => c.fieldToRender)).toContain(
      added.body.ids['new:f'],
    );
  });

  it("sees a forced refresh in the form's change marker at once", async () => {
    const b = w.onB(w.t.admin);
    const { typeId } = await defineType(w.t.admin, 'Visit', []);
    const saved = await w.t.admin.put([
      {
        id: 'new:form',
        typeId: 'core:form',
        fields: { name: 'Visit form', formDefinition: JSON.stringify({ version: 1, typeId }) },
      },
    ]);
    const formId = saved.body.ids['new:form'];
    const before = await b.get(`/spapi/data/v1/form/${formId}`);
    const refreshed = await w.t.admin.post('/spapi/data/v1/form/forcerefresh', [formId]);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const after = await b.request('GET', `/spapi/data/v1/form/${formId}`, undefined, {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.body.changeMarker).toBe(refreshed.body.changeMarkers[String(formId)]);
  });
});
