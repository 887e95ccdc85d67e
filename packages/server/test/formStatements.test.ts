import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { tenantSettingsAlias } from '../src/settings/tenantSettings.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { executed } from './support/executedStatements.js';
import { Client, engines, startTestApp, type TestApp } from './support/testApp.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Issue 17's speed on PostgreSQL, where every statement is a round trip: the statements a form's
 * record costs to open (form/data) and to save (a PATCH of one field), once the caches are warm.
 */
describe.each(engines)('statements of a record form on %s', (engine) => {
  let t: TestApp;
  let client: Client;
  let rec: ReturnType<typeof executed>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dealId: number;
  let dealTypeId: number;
  let stageId: number;
  let version: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    const account = await defineType(t.admin, 'Account', []);
    const owner = await defineType(t.admin, 'Owner', []);
    const deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Note', script: 'note', type: 'Text' },
      { name: 'Closes', script: 'closes', type: 'Date' },
    ]);
    dealTypeId = deal.typeId;
    await defineRelationship(t.admin, 'choiceField', deal.typeId, stage.typeId, 'stage', 'deals');
    await defineRelationship(t.admin, 'lookup', deal.typeId, account.typeId, 'account', 'accountDeals');
    await defineRelationship(t.admin, 'lookup', deal.typeId, owner.typeId, 'owner', 'ownerDeals');
    const put = await t.admin.put([
      { id: 'new:s', typeId: stage.typeId, fields: { name: 'Open', enumOrder: 1 } },
      { id: 'new:a', typeId: account.typeId, fields: { name: 'Acme' } },
      { id: 'new:o', typeId: owner.typeId, fields: { name: 'Olive' } },
      {
        id: 'new:d',
        typeId: deal.typeId,
        fields: { name: 'Big deal', amount: 10, note: 'first' },
        relationships: { stage: { set: ['new:s'] }, account: { set: ['new:a'] }, owner: { set: ['new:o'] } },
      },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    dealId = put.body.ids['new:d'];
    stageId = put.body.ids['new:s'];
    rec = executed(t.services.db);
    app = await buildApp({ ...t.services, db: rec.db });
    client = new Client(app, t.admin.auth);
    version = (await client.read(dealId)).body.version;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const openForm = () => client.post('/spapi/data/v1/form/data', { entityId: dealId });
  const save = async (note: string) => {
    const res = await client.request(
      'PATCH',
      `/spapi/data/v1/entity/${dealId}`,
      { fields: { note } },
      {
        'if-match': `"${version}"`,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    version = res.body.version;
  };
  const statementsOf = async (call: () => Promise<unknown>) => {
    for (let i = 0; i < 2; i++) await call();
    rec.statements.length = 0;
    await call();
    return rec.statements.map((s) => `${s.sql} -- ${JSON.stringify(s.parameters)}`);
  };

  /**
   * The caller's session (1), the record (1), and the records its lookups and choice reach: their
   * links and the records themselves read once for all the form's relationships (2), not twice a
   * relationship.
   */
  it('opens a record with lookups in at most 4 statements', async () => {
    const res = await openForm();
    expect(res.status).toBe(200);
    expect(res.body.formDataEntity.account.name).toBe('Acme');
    expect(res.body.formDataEntity.owner.name).toBe('Olive');
    expect(res.body.formDataEntity.stage.name).toBe('Open');
    const sqls = await statementsOf(openForm);
    expect(sqls.length, sqls.join('\n\n')).toBeLessThanOrEqual(4);
  });

  /**
   * The session (1), the record (1), its update (1), its search text (1) and the audit trail (1);
   * on SQLite the search text is its two full-text tables' delete and insert and the ordered one's
   * place (5), and a look for the text field's own trigram table (1, decision 0135), in process.
   */
  it('saves one changed field in at most its statements', async () => {
    let n = 0;
    const sqls = await statementsOf(() => save(`note ${++n}`));
    expect(sqls.length, sqls.join('\n\n')).toBeLessThanOrEqual(engine === 'postgres' ? 5 : 10);
  });

  /** The tenant's settings give a TODAY default its day: a type without one never reads them. */
  it('creates a record of a type without a TODAY default without reading the tenant settings', async () => {
    let n = 0;
    const sqls = await statementsOf(async () => {
      const res = await client.put([{ id: 'new:d', typeId: dealTypeId, fields: { name: `Deal ${++n}` } }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(sqls.filter((s) => s.includes(tenantSettingsAlias))).toEqual([]);
  });

  /**
   * A new record's links can only be the ones its own put sets: a single-valued end set once holds
   * what was set, so the cardinality check counts no links (the lookups' targets are still read).
   */
  it('creates a record with its lookups set without counting its links', async () => {
    let n = 0;
    const sqls = await statementsOf(async () => {
      const res = await client.put([
        {
          id: 'new:d',
          typeId: dealTypeId,
          fields: { name: `Linked deal ${++n}` },
          relationships: { stage: { set: [stageId] } },
        },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(sqls.filter((s) => /count\(\*\)/i.test(s) && s.includes('relationships'))).toEqual([]);
  });

  it('refuses a stale version before looking at the values', async () => {
    const res = await client.request(
      'PATCH',
      `/spapi/data/v1/entity/${dealId}`,
      { fields: { amount: 'not a number' } },
      { 'if-match': `"${version - 1}"` },
    );
    expect(res.status).toBe(412);
    expect(res.body.error.code).toBe('precondition_failed');
    expect(res.body.error.message).toContain('was changed by someone else');
  });
});
