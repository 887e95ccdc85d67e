import { sysField } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { calculatedValues } from '../../src/calc/calculatedFields.js';
import { selectEntities } from '../../src/data/entityRepository.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { addCalcField, type SalesSchema, salesSchema } from './calcSupport.js';

describe.each(engines)('calculated fields on %s', (engine) => {
  let t: TestApp;
  let s: SalesSchema;

  beforeAll(async () => {
    t = await startTestApp(engine);
    s = await salesSchema(t);
  });
  afterAll(() => t.close());

  it('compiles a Calculation field when saved, stores its result type and reads its value', async () => {
    const res = await addCalcField(t, s.order, 'Total', '[Qty] * [Unit Price]');
    expect(res.status).toBe(200);
    const fieldId = res.body.ids['new:f'];
    const stored = await t.admin.read(fieldId, 'calcResultType');
    expect(stored.body.calcResultType).toBe('decimal');
    const read = await t.admin.read(s.ids.o1!, 'name, Total');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'O-1', Total: 7.5 });
    // exact decimals: 10 * 0.1 is 1
    const all = await t.admin.read(s.ids.o2!);
    expect(all.body.Total).toBe(1);
  });

  it('evaluates calculated fields in lists of records, and through relationships', async () => {
    const res = await addCalcField(t, s.customer, 'Order Count', 'count([orders])');
    expect(res.status).toBe(200);
    const list = await t.admin.post('/spapi/data/v1/entity/ofType', {
      typeId: s.customer,
      query: 'name, OrderCount',
    });
    expect(list.body.entities.map((e: Record<string, unknown>) => [e.name, e.OrderCount])).toEqual([
      ['Acme', 2],
      ['Globex', 0],
    ]);
    const filtered = await t.admin.post('/spapi/data/v1/entity/ofType', {
      typeId: s.customer,
      filter: { OrderCount: 2 },
    });
    expect(filtered.status).toBe(400);
    expect(filtered.body.error.message).toBe("'OrderCount' is calculated; filter on it in a report.");
    const nested = await t.admin.read(s.ids.o1!, 'customer.OrderCount');
    expect(nested.body.customer).toMatchObject({ name: 'Acme', OrderCount: 2 });
  });

  it('evaluates under the caller’s permissions: a record the caller cannot read is invisible', async () => {
    expect(
      (await addCalcField(t, s.order, 'Customer Name', "isnull([customer].Name, 'hidden')")).status,
    ).toBe(200);
    expect((await t.admin.read(s.ids.o1!, 'CustomerName')).body.CustomerName).toBe('Acme');
    const limited = await s.orderReader.read(s.ids.o1!, 'CustomerName');
    expect(limited.status).toBe(200);
    expect(limited.body.CustomerName).toBe('hidden');
  });

  it('gives report cells the values of a calculated field (calculatedValues), under the caller’s permissions', async () => {
    const ids = [s.ids.o1!, s.ids.o2!, s.ids.o3!];
    const valuesFor = async (userId: number) => {
      const ctx = await contextFor(t.services, t.tenantId, userId);
      const field = ctx.schema.fieldsOf(s.order).find((f) => f.name === 'Customer Name')!;
      const rows = await selectEntities(ctx.db, t.tenantId, ids, ctx.perms.readFilter());
      const values = await calculatedValues(ctx, rows, field);
      return ids.map((id) => values.get(id));
    };
    expect(await valuesFor(t.adminId)).toEqual(['Acme', 'Acme', 'hidden']);
    expect(await valuesFor(s.orderReaderId)).toEqual(['hidden', 'hidden', 'hidden']);
  });

  it('batches the reads of many calculated values: a few queries, not one per record', async () => {
    const put = await t.admin.put(
      Array.from({ length: 40 }, (_, i) => ({
        id: `new:b${i}`,
        typeId: s.order,
        fields: { name: `B-${i}` },
        relationships: { customer: { set: [s.ids[i % 2 ? 'c1' : 'c2']!] } },
      })),
    );
    expect(put.status).toBe(200);
    const ids = Object.values(put.body.ids as Record<string, number>);
    const ctx = await contextFor(t.services, t.tenantId, t.adminId);
    let queries = 0;
    const counted = new Proxy(ctx.db, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target);
        if (prop === 'selectFrom') queries++;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const field = ctx.schema.fieldsOf(s.order).find((f) => f.name === 'Customer Name')!;
    const rows = await selectEntities(ctx.db, t.tenantId, ids);
    const values = await calculatedValues({ ...ctx, db: counted }, rows, field);
    expect(new Set(values.values())).toEqual(new Set(['Acme', 'Globex']));
    // one query for the links, one for the customers, one for the tenant's time zone (settings)
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(5);
  });

  it('refuses a calculation that does not compile, with the compile message', async () => {
    const res = await addCalcField(t, s.order, 'Broken', '[Qty] * ');
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([
      { id: 'new:f', member: 'fieldCalculation', message: 'Invalid script syntax. (line 1, column 9)' },
    ]);
    const unknown = await addCalcField(t, s.order, 'Broken', '[Nope] + 1');
    expect(unknown.body.error.details.errors[0].message).toBe(
      "'Nope' is not a recognised field, relationship or variable. (line 1, column 1)",
    );
    const empty = await addCalcField(t, s.order, 'Broken', '  ');
    expect(empty.body.error.details.errors[0].message).toBe('Empty expression (line 1, column 1)');
  });

  it('refuses a calculation that gives a list or a record', async () => {
    const res = await addCalcField(t, s.customer, 'Order List', '[orders]');
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors[0].message).toMatch(/must give one text, number/);
  });

  it('refuses a cycle between calculated fields when the field is saved', async () => {
    const a = await addCalcField(t, s.order, 'Cy A', '[Qty] + 1');
    expect(a.status).toBe(200);
    const b = await addCalcField(t, s.order, 'Cy B', '[Cy A] + 1');
    expect(b.status).toBe(200);
    const closing = await t.admin.put([
      { id: a.body.ids['new:f'], fields: { fieldCalculation: '[Cy B] * 2' } },
    ]);
    expect(closing.status).toBe(400);
    expect(closing.body.error.details.errors).toEqual([
      {
        id: a.body.ids['new:f'],
        member: 'fieldCalculation',
        message: 'Calculated fields cannot refer to each other in a cycle: Cy A → Cy B → Cy A.',
      },
    ]);
    const self = await addCalcField(t, s.order, 'Selfish', '[Selfish] + 1');
    expect(self.status).toBe(400);
    expect(self.body.error.details.errors[0].message).toContain('Selfish → Selfish');
    // nothing changed
    expect((await t.admin.read(s.ids.o1!, 'CyB')).body.CyB).toBe(5);
  });

  it('applies expression defaults to new records and refuses ones that do not compile', async () => {
    const put = await t.admin.put([
      {
        id: 'new:f',
        typeId: 'core:field',
        fields: { name: 'Due', fieldScriptName: 'due', fieldType: 'Date', defaultValue: '=getdate() + 7' },
        relationships: { fieldIsOnType: { set: [s.order] } },
      },
      {
        id: 'new:g',
        typeId: 'core:field',
        fields: {
          name: 'Label',
          fieldScriptName: 'label',
          fieldType: 'Text',
          defaultValue: "='Order of ' & year(getdate())",
        },
        relationships: { fieldIsOnType: { set: [s.order] } },
      },
    ]);
    expect(put.status).toBe(200);
    const created = await t.admin.put([{ id: 'new:o', typeId: s.order, fields: { name: 'O-9' } }]);
    expect(created.status).toBe(200);
    const read = await t.admin.read(created.body.ids['new:o'], 'due, label');
    // the test clock is 2026-03-15T01:30Z; the tenant's zone is UTC
    expect(read.body).toMatchObject({ due: '2026-03-22', label: 'Order of 2026' });
    const given = await t.admin.put([
      { id: 'new:o', typeId: s.order, fields: { name: 'O-10', due: '2027-01-01' } },
    ]);
    expect((await t.admin.read(given.body.ids['new:o'], 'due')).body.due).toBe('2027-01-01');

    const bad = await t.admin.put([
      {
        id: 'new:f',
        typeId: 'core:field',
        fields: { name: 'Bad', fieldScriptName: 'bad', fieldType: 'Number', defaultValue: "='text'" },
        relationships: { fieldIsOnType: { set: [s.order] } },
      },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.errors).toEqual([
      { id: 'new:f', member: 'defaultValue', message: 'Result was of type String but needed to be Int32.' },
    ]);
    expect(sysField.defaultValue).toBe(122);
  });
});
