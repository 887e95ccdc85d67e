import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seedDemo.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

/**
 * What the runner needs of the existing calls (issue 16 item 2): behaviour expressions on a page's
 * record with its page variables, each answered with value, resultType and error; the tenant's
 * settings read again after a change (the runner's REFRESH).
 */
describe.each(engines)("the runner's expressions and settings on %s", (engine) => {
  let t: TestApp;
  let admin: Client;
  let seller: Client;
  let opportunity: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const { tenantId } = await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 20 });
    admin = await t.login('admin', ADMIN_PASSWORD, 'demo');
    const roles = await admin.get('/spapi/admin/v1/roles');
    const sales = roles.body.roles.find((r: { name: string }) => r.name === 'Sales').id;
    await t.addUser('seller', [sales], tenantId);
    seller = await t.login('seller', ADMIN_PASSWORD, 'demo');
    const rows = await seller.post('/spapi/data/v1/entity/ofType', {
      typeId: 'crm:opportunity',
      query: 'name, amount',
      pageSize: 3,
    });
    opportunity = rows.body.entities[0].id;
  });
  afterAll(() => t.close());

  it('evaluates visibility and read-only rules on the page record with page variables', async () => {
    const page = await seller.get('/spapi/data/v1/types/crm:opportunity/recordPage');
    expect(page.status).toBe(200);
    const others = await seller.post('/spapi/data/v1/entity/ofType', {
      typeId: 'crm:opportunity',
      query: 'name',
      pageSize: 3,
    });
    const res = await seller.post('/spapi/data/v2/calcEngine/evalExpressions', {
      contextEntity: opportunity,
      expressions: {
        visible: '[Amount] > 0',
        readOnly: '@ShowDetails and [Won]',
        input: '@PageInput.[Name]',
        selected: '@Selection.count() = 3',
        broken: '[Amount] +',
        unknown: '@Missing',
      },
      params: [
        { name: 'ShowDetails', type: 'Bool', value: true },
        { name: 'PageInput', type: 'Entity', entityTypeId: 'crm:opportunity', entityId: opportunity },
        {
          name: 'Selection',
          type: 'Entity',
          isList: true,
          entityTypeId: 'crm:opportunity',
          entityIds: others.body.entities.map((e: { id: number }) => e.id),
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.visible).toMatchObject({ value: true, resultType: 'Bool', error: null });
    expect(res.body.readOnly).toMatchObject({ resultType: 'Bool', error: null });
    expect(res.body.input).toMatchObject({ resultType: 'String', error: null });
    expect(typeof res.body.input.value).toBe('string');
    expect(res.body.selected).toMatchObject({ value: true, resultType: 'Bool', error: null });
    for (const name of ['broken', 'unknown']) {
      expect(res.body[name].value, name).toBeNull();
      expect(res.body[name].error, name).toEqual(expect.any(String));
    }
  });

  it('reads the tenant settings, and reads them again after a change', async () => {
    const first = await seller.get('/spapi/data/v1/tenantSettings');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tenantName: 'Demo Company', nameFieldLabel: expect.any(String) });
    const changed = await admin.request('PUT', '/spapi/data/v1/tenantSettings', { locale: 'en-GB' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const again = await seller.get('/spapi/data/v1/tenantSettings');
    expect(again.body.locale).toBe('en-GB');
  });
});
