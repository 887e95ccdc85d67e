import {
  changedSinceReadMessage,
  invalidFormatMessage,
  outOfRangeMessage,
  requiredMessage,
  saveModifiedResponse,
  sysRel,
} from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const path = '/spapi/data/v1/entity/saveModified';

/**
 * Saving inline edits (spec 02 §3 "Inline-edit save result", §4 "Saving inline edits", §7 "Save
 * modified entities"): each record is checked and saved on its own; an invalid record keeps its
 * stored values and answers its errors by field or relationship id.
 */
describe.each(engines)('save modified entities on %s', (engine) => {
  let t: TestApp;
  let deal: number;
  let account: number;
  let f: Record<string, number>;
  let owns: number;
  let partner: number;
  let salesRole: number;
  let sam: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [])).typeId;
    const defined = await defineType(t.admin, 'Deal', [
      { name: 'Qty', script: 'qty', type: 'Number', minInt: 1, maxInt: 10 },
      {
        name: 'Code',
        script: 'code',
        type: 'Text',
        pattern: '[A-Z]{3}-\\d+',
        regexDescription: 'Use three capitals, a dash and digits.',
      },
      { name: 'Stage', script: 'stage', type: 'Text', isRequired: true },
    ]);
    deal = defined.typeId;
    f = defined.fieldIds;
    // Every deal has an account, and every account has a deal (both ends mandatory).
    owns = await defineRelationship(t.admin, 'lookup', deal, account, 'account', 'deals', {
      relationshipIsMandatory: true,
      revRelationshipIsMandatory: true,
    });
    partner = await defineRelationship(t.admin, 'lookup', deal, account, 'partner', 'partnerDeals');
    const role = await t.admin.put([{ id: 'new:role', typeId: 'core:role', fields: { name: 'Sales' } }]);
    salesRole = role.body.ids['new:role'];
    const rules = await t.admin.put([
      {
        id: 'new:read',
        typeId: 'core:accessRule',
        fields: { name: 'read all', canRead: true },
        relationships: { accessRuleRole: { set: [salesRole] }, accessRuleType: { set: [deal] } },
      },
      {
        id: 'new:own',
        typeId: 'core:accessRule',
        fields: { name: 'own', canRead: true, canCreate: true, canModify: true, ownedOnly: true },
        relationships: { accessRuleRole: { set: [salesRole] }, accessRuleType: { set: [deal] } },
      },
      {
        id: 'new:acc',
        typeId: 'core:accessRule',
        fields: { name: 'accounts', canRead: true, canCreate: true },
        relationships: { accessRuleRole: { set: [salesRole] }, accessRuleType: { set: [account] } },
      },
    ]);
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    await t.addUser('sam', [salesRole]);
    sam = await t.login('sam');
  });
  afterAll(() => t.close());

  let seq = 0;
  /** Creates deals, each with its own account, as a caller; answers their ids. */
  async function deals(count: number, by: Client = t.admin): Promise<number[]> {
    const names = Array.from({ length: count }, () => ++seq);
    const res = await by.put(
      names.flatMap((n) => [
        { id: `new:a${n}`, typeId: account, fields: { name: `Account ${n}` } },
        {
          id: `new:d${n}`,
          typeId: deal,
          fields: { name: `Deal ${n}`, qty: 1, code: 'ABC-1', stage: 'Lead' },
          relationships: { account: { set: [`new:a${n}`] } },
        },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return names.map((n) => res.body.ids[`new:d${n}`]);
  }
  const save = (client: Client, records: unknown) => client.post(path, { records });
  const read = async (id: number) => (await t.admin.read(id, 'name, qty, code, stage, account.name')).body;

  it('saves the valid records of a batch and keeps an invalid one as it was, with its errors by field id', async () => {
    const [a, b, c] = (await deals(3)) as [number, number, number];
    const res = await save(t.admin, [
      { id: a, fields: { qty: 5 } },
      { id: b, fields: { qty: 50, code: 'abc', name: 'Renamed B', stage: '' } },
      { id: c, fields: { [`#${f.code}`]: 'XYZ-42' } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { results } = saveModifiedResponse.parse(res.body);
    expect(results.map((r) => r.entityId)).toEqual([a, b, c]);
    expect(results[0]).toMatchObject({ entityId: a, validationResults: [], version: 2 });
    expect(results[2]).toMatchObject({ entityId: c, validationResults: [], version: 2 });
    expect(results[1]!.version).toBeUndefined();
    expect(results[1]!.validationResults).toEqual(
      expect.arrayContaining([
        { id: f.qty, isReverse: false, errors: [outOfRangeMessage(1, 10)] },
        {
          id: f.code,
          isReverse: false,
          errors: [invalidFormatMessage('Use three capitals, a dash and digits.')],
        },
        { id: f.stage, isReverse: false, errors: [requiredMessage] },
      ]),
    );
    expect(results[1]!.validationResults).toHaveLength(3);
    expect(await read(a)).toMatchObject({ qty: 5, version: 2 });
    expect(await read(c)).toMatchObject({ code: 'XYZ-42' });
    // Nothing of the invalid record was written, not even its valid name.
    expect(await read(b)).toMatchObject({
      name: expect.stringMatching(/^Deal /),
      qty: 1,
      code: 'ABC-1',
      version: 1,
    });
  });

  it('answers a relationship error by relationship id and end, and leaves the links as they were', async () => {
    const [d] = (await deals(1)) as [number];
    const accountId = ((await read(d)).account as { id: number }).id;
    const forward = await save(t.admin, [{ id: d, relationships: { account: { set: [] } } }]);
    expect(forward.status).toBe(200);
    expect(forward.body.results[0].validationResults).toContainEqual({
      id: owns,
      isReverse: false,
      errors: [requiredMessage],
    });
    const reverse = await save(t.admin, [
      { id: accountId, relationships: { [`#${owns}:rev`]: { set: [] } } },
    ]);
    expect(reverse.status).toBe(200);
    expect(reverse.body.results[0].validationResults).toContainEqual({
      id: owns,
      isReverse: true,
      errors: [requiredMessage],
    });
    expect((await read(d)).account).toMatchObject({ id: accountId });
  });

  it('answers an error the save causes on another record as an error of the record saved', async () => {
    const [d, other] = (await deals(2)) as [number, number];
    const otherAccount = ((await read(other)).account as { id: number }).id;
    const accountOfD = ((await read(d)).account as { id: number }).id;
    // Moving d leaves its old account without the deal that account must have.
    const res = await save(t.admin, [
      { id: d, fields: { stage: 'Won' }, relationships: { [`#${owns}`]: { set: [otherAccount] } } },
    ]);
    expect(res.body.results[0]).toEqual({
      entityId: d,
      validationResults: [
        { id: -1, isReverse: false, errors: [`'deals' of record ${accountOfD}: ${requiredMessage}`] },
      ],
    });
    expect(await read(d)).toMatchObject({ stage: 'Lead', account: { id: accountOfD } });
  });

  it('saves field and relationship changes of one record together', async () => {
    const [d, other] = (await deals(2)) as [number, number];
    const otherAccount = ((await read(other)).account as { id: number }).id;
    const res = await save(t.admin, [
      { id: d, fields: { stage: 'Won' }, relationships: { [`#${partner}`]: { set: [otherAccount] } } },
    ]);
    expect(res.body.results).toEqual([{ entityId: d, validationResults: [], version: 2 }]);
    expect((await t.admin.read(d, 'stage, partner.name')).body).toMatchObject({
      stage: 'Won',
      partner: { id: otherAccount },
    });
  });

  it('answers a record the caller may not modify, or cannot see, with a record error and saves the rest', async () => {
    const [theirs] = (await deals(1)) as [number];
    const [mine] = (await deals(1, sam)) as [number];
    const res = await save(sam, [
      { id: theirs, fields: { qty: 2 } },
      { id: mine, fields: { qty: 3 } },
      { id: 987_654, fields: { qty: 4 } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      {
        entityId: theirs,
        validationResults: [{ id: -1, isReverse: false, errors: ['You do not have permission to do this.'] }],
      },
      { entityId: mine, validationResults: [], version: 2 },
      {
        entityId: 987_654,
        validationResults: [{ id: -1, isReverse: false, errors: ['The record was not found.'] }],
      },
    ]);
    expect(await read(theirs)).toMatchObject({ qty: 1 });
    expect(await read(mine)).toMatchObject({ qty: 3 });
  });

  it('does not save a record changed since it was read (optimistic concurrency as put has it)', async () => {
    const [d] = (await deals(1)) as [number];
    expect((await save(t.admin, [{ id: d, version: 1, fields: { qty: 2 } }])).body.results[0]).toMatchObject({
      validationResults: [],
      version: 2,
    });
    const stale = await save(t.admin, [{ id: d, version: 1, fields: { qty: 9 } }]);
    expect(stale.body.results[0].validationResults).toEqual([
      { id: -1, isReverse: false, errors: [changedSinceReadMessage] },
    ]);
    expect(stale.body.results[0].currentVersion).toBe(2);
    expect(await read(d)).toMatchObject({ qty: 2, version: 2 });
  });

  it('names a member that is not on the record as an error of the record', async () => {
    const [d] = (await deals(1)) as [number];
    const res = await save(t.admin, [{ id: d, fields: { nope: 1, qty: 4 } }]);
    expect(res.body.results[0].validationResults).toEqual([
      { id: -1, isReverse: false, errors: ["'nope' is not a field of 'Deal'."] },
    ]);
    expect(await read(d)).toMatchObject({ qty: 1 });
  });

  it("answers a relationship kept in a column (created by) with the put's refusal, once, and saves nothing of the record", async () => {
    // The generated form shows it read-only too; the put's own refusal is the one answered.
    const [d, other] = (await deals(2)) as [number, number];
    const res = await save(t.admin, [
      { id: d, fields: { qty: 4 }, relationships: { [`#${sysRel.createdBy}`]: { set: [other] } } },
    ]);
    expect(res.body.results).toEqual([
      {
        entityId: d,
        validationResults: [
          { id: sysRel.createdBy, isReverse: false, errors: [`'#${sysRel.createdBy}' is read-only.`] },
        ],
      },
    ]);
    expect(await read(d)).toMatchObject({ qty: 1, version: 1 });
  });

  it('refuses a bad payload with 400 and writes nothing', async () => {
    const [d] = (await deals(1)) as [number];
    const bad: unknown[] = [
      undefined,
      [],
      [{ id: 'x' }],
      [{ id: -3, fields: {} }],
      [{ id: d, fields: { qty: 2 }, typeId: deal }],
      [{ id: d, fields: 'qty' }],
      [{ id: d, relationships: { account: { replace: [] } } }],
      [
        { id: d, fields: { qty: 2 } },
        { id: d, fields: { qty: 3 } },
      ],
      Array.from({ length: 1001 }, (_, i) => ({ id: i + 1 })),
    ];
    for (const records of bad) {
      const res = await save(t.admin, records);
      expect(res.status, JSON.stringify(records)?.slice(0, 80)).toBe(400);
      expect(res.body.error.code).toMatch(/bad_request|validation_failed/);
    }
    const notJson = await t.admin.request('POST', path, '{"records": [', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
    expect(await read(d)).toMatchObject({ qty: 1, version: 1 });
  });

  it('needs a signed-in caller', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: path, payload: { records: [{ id: 1 }] } });
    expect(anonymous.statusCode).toBe(401);
  });
});
