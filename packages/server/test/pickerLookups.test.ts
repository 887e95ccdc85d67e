import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReport, createRole, fieldColumn, putRecords } from './reports/reportSupport.js';
import { defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe.each(engines)('picker lookups on %s', (engine) => {
  let t: TestApp;
  let priority: number;
  let task: number;
  let reader: Client;
  let nobody: Client;
  const ids: Record<string, number> = {};
  const enumValues = (client: Client, type: number | string) =>
    client.get(`/spapi/data/v1/schema/type/${type}/enumValues`);

  beforeAll(async () => {
    t = await startTestApp(engine);
    priority = (await defineType(t.admin, 'Priority', [], sysType.enumValue)).typeId;
    task = (await defineType(t.admin, 'Task', [])).typeId;
    Object.assign(
      ids,
      await putRecords(t.admin, [
        { id: 'new:low', typeId: priority, fields: { name: 'low', enumOrder: 3, enumColour: '#cccccc' } },
        { id: 'new:high', typeId: priority, fields: { name: 'High', enumOrder: 1, enumIcon: '4242' } },
        { id: 'new:med', typeId: priority, fields: { name: 'Medium', enumOrder: 1, enumIcon: 'flag' } },
        { id: 'new:none', typeId: priority, fields: { name: 'Unsorted' } },
        { id: 'new:old', typeId: priority, fields: { name: 'Blocker', enumOrder: 3, enumRetired: true } },
      ]),
    );
    const readsChoices = await createRole(t.admin, 'Reads choices', [
      { typeId: priority, canRead: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('reader', [readsChoices]);
    reader = await t.login('reader');
    await t.addUser('nobody', []);
    nobody = await t.login('nobody');
  });
  afterAll(() => t.close());

  describe('enum values', () => {
    it('answers every value of a choice type by order, then name, with colour, icon image and retired flag', async () => {
      const res = await enumValues(t.admin, priority);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.values).toEqual([
        { id: ids.high, name: 'High', order: 1, colour: null, iconImageId: 4242, isRetired: false },
        { id: ids.med, name: 'Medium', order: 1, colour: null, iconImageId: null, isRetired: false },
        { id: ids.old, name: 'Blocker', order: 3, colour: null, iconImageId: null, isRetired: true },
        { id: ids.low, name: 'low', order: 3, colour: '#cccccc', iconImageId: null, isRetired: false },
        { id: ids.none, name: 'Unsorted', order: 999, colour: null, iconImageId: null, isRetired: false },
      ]);
      expect((await enumValues(t.admin, 'test:Priority')).body).toEqual(res.body);
    });

    it('answers every user (choice values are readable by everyone), never another tenant', async () => {
      expect((await enumValues(nobody, priority)).body.values).toHaveLength(5);
      const other = await t.addTenant('globex');
      expect((await enumValues(other.admin, priority)).status).toBe(404);
    });

    it('refuses a type that is not a choice type, and does not find an unknown one', async () => {
      const res = await enumValues(t.admin, task);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("'Task' is not a choice type.");
      expect((await enumValues(t.admin, 'test:Nothing')).status).toBe(404);
    });
  });

  describe('template report ids', () => {
    const templateIds = (client: Client) => client.get('/spapi/data/v1/report/templateIds');

    it("answers the stored reports that stand in for types' generated display and picker reports", async () => {
      expect((await templateIds(t.admin)).body).toEqual({ reportIds: [] });
      const def = { rootTypeId: task, columns: [fieldColumn('name', 100)] };
      const picker = await createReport(t.admin, def, 'Task picker');
      const display = await createReport(t.admin, def, 'Task list');
      await createReport(t.admin, def, 'Just a report');
      const res = await t.admin.put([
        {
          id: task,
          relationships: {
            defaultPickerReport: { set: [picker] },
            defaultDisplayReport: { set: [display] },
          },
        },
        { id: priority, relationships: { defaultPickerReport: { set: [picker] } } },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const answer = await templateIds(t.admin);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ reportIds: [picker, display].sort((a, b) => a - b) });
      expect((await templateIds(reader)).body).toEqual(answer.body);
      expect((await templateIds(nobody)).body).toEqual({ reportIds: [] });

      // The type's picker and display calls now run the stored reports.
      const pickerRun = await t.admin.post(`/spapi/data/v1/report/type/${task}/picker`, { usage: 'Picker' });
      expect(pickerRun.status).toBe(200);
      expect(pickerRun.body.meta.title).toBe('Task picker');
      const displayRun = await t.admin.post(`/spapi/data/v1/report/type/${task}/display`, {});
      expect(displayRun.body.meta.title).toBe('Task list');
    });
  });
});
