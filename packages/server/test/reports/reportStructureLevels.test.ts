import { structureCycleMessage, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertLinks } from '../../src/data/entityRepository.js';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  createRole,
  expectError,
  fieldColumn,
  putRecords,
  relColumn,
  rowIds,
  runOk,
  runReport,
} from './reportSupport.js';

// Each test makes many HTTP calls, on a machine other suites share.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const NAME = 100;

/**
 * Structure-level conditions (spec 03 §9): AnyBelow, AtOrBelow, AnyAbove and AtOrAbove over an
 * Account hierarchy. Expectations are written out by hand from the tree below.
 *
 *   Global ─┬─ Europe ─┬─ France ── Paris
 *           │          └─ Spain
 *           └─ Asia
 *   Loner (no parent)
 */
describe.each(engines)('structure-level conditions on %s', (engine) => {
  let t: TestApp;
  let acc: { typeId: number; fieldIds: Record<string, number> };
  let deal: { typeId: number };
  let parentRel: number;
  let accountRel: number;
  let regionRel: number;
  let dealReport: number;
  let accountReport: number;
  let viewer: Client;
  const ids: Record<string, number> = {};
  const idsOf = (keys: string[]) => keys.map((k) => ids[k]!).sort((a, b) => a - b);
  const sorted = (body: { gdata: Array<{ eid: number }> }) => rowIds(body).sort((a, b) => a - b);
  const accounts = (keys: string[]) => keys.map((k) => ids[k]!);

  /** The deals whose account meets the condition, as the caller sees them. */
  const deals = async (oper: string, accountKeys: string[], client: Client = t.admin) =>
    sorted(
      await runOk(client, dealReport, {
        conds: [{ expid: 'account', oper, valueList: accounts(accountKeys) }],
      }),
    );

  beforeAll(async () => {
    t = await startTestApp(engine);
    acc = await defineType(t.admin, 'Account', [{ name: 'City', script: 'city', type: 'Text' }]);
    deal = await defineType(t.admin, 'Deal', []);
    const region = await defineType(t.admin, 'Region', []);
    parentRel = await defineRelationship(t.admin, 'lookup', acc.typeId, acc.typeId, 'parent', 'children', {
      toName: 'Parent Account',
      fromName: 'Child Accounts',
      relationshipIsStructure: true,
    });
    accountRel = await defineRelationship(t.admin, 'lookup', deal.typeId, acc.typeId, 'account', 'deals');
    regionRel = await defineRelationship(t.admin, 'lookup', deal.typeId, region.typeId, 'region', 'deals');

    const account = (key: string, parent?: string) => ({
      id: `new:${key}`,
      typeId: acc.typeId,
      fields: { name: key },
      ...(parent ? { relationships: { parent: { set: [`new:${parent}`] } } } : {}),
    });
    Object.assign(
      ids,
      await putRecords(t.admin, [
        account('Global'),
        account('Europe', 'Global'),
        account('Asia', 'Global'),
        account('France', 'Europe'),
        account('Spain', 'Europe'),
        account('Paris', 'France'),
        account('Loner'),
        { id: 'new:North', typeId: region.typeId, fields: { name: 'North' } },
      ]),
    );
    const dealOf = (key: string, accountKey?: string) => ({
      id: `new:d${key}`,
      typeId: deal.typeId,
      fields: { name: `d${key}` },
      relationships: {
        ...(accountKey ? { account: { set: [ids[accountKey]!] } } : {}),
        region: { set: [ids.North!] },
      },
    });
    Object.assign(
      ids,
      await putRecords(t.admin, [
        ...['Global', 'Europe', 'Asia', 'France', 'Spain', 'Paris', 'Loner'].map((k) => dealOf(k, k)),
        dealOf('None'),
      ]),
    );

    dealReport = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns: [fieldColumn('name', NAME), relColumn('account', accountRel), relColumn('region', regionRel)],
      conditions: [
        { id: 'account', columnId: 'account' },
        { id: 'region', columnId: 'region' },
        { id: 'name', columnId: 'name' },
      ],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });
    accountReport = await createReport(t.admin, {
      rootTypeId: acc.typeId,
      columns: [
        fieldColumn('name', NAME),
        relColumn('parent', parentRel),
        relColumn('children', parentRel, 'rev'),
      ],
      conditions: [
        { id: 'parent', columnId: 'parent' },
        { id: 'children', columnId: 'children' },
      ],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    });

    // A viewer reads every deal but only the accounts they own. They own Top and Leaf; the
    // administrator owns Hidden, which sits between them: Top ─ Hidden ─ Leaf.
    const role = await createRole(t.admin, 'Viewers', [
      { typeId: deal.typeId, canRead: true },
      { typeId: acc.typeId, canRead: true, canCreate: true, ownedOnly: true },
      { typeId: sysType.report, canRead: true },
    ]);
    await t.addUser('viewer', [role]);
    viewer = await t.login('viewer');
    Object.assign(
      ids,
      await putRecords(viewer, [
        { id: 'new:Top', typeId: acc.typeId, fields: { name: 'Top' } },
        { id: 'new:Leaf', typeId: acc.typeId, fields: { name: 'Leaf' } },
      ]),
    );
    Object.assign(
      ids,
      await putRecords(t.admin, [
        {
          id: 'new:Hidden',
          typeId: acc.typeId,
          fields: { name: 'Hidden' },
          relationships: { parent: { set: [ids.Top!] }, children: { set: [ids.Leaf!] } },
        },
      ]),
    );
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        ['Top', 'Hidden', 'Leaf'].map((k) => dealOf(k, k)),
      ),
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives a relationship to a structured object the StructureLevels type, AnyBelow by default', async () => {
    const body = await runOk(t.admin, dealReport, { pageSize: 0 });
    expect(body.meta.anlcols.account).toMatchObject({ type: 'StructureLevels', oper: 'AnyBelow' });
    // The column shows related records as any relationship column does.
    expect(body.meta.rcols.account).toMatchObject({ type: 'InlineRelationship', rid: accountRel });
    // A relationship to an object without a structure keeps its type and AnyOf.
    expect(body.meta.anlcols.region).toMatchObject({ type: 'InlineRelationship', oper: 'AnyOf' });
    const accountsBody = await runOk(t.admin, accountReport, { pageSize: 0 });
    expect(accountsBody.meta.anlcols.parent).toMatchObject({ type: 'StructureLevels', oper: 'AnyBelow' });
    expect(accountsBody.meta.anlcols.children).toMatchObject({ type: 'StructureLevels', oper: 'AnyBelow' });
  });

  it('AnyBelow: records whose related record is strictly below one of the values', async () => {
    expect(await deals('AnyBelow', ['Europe'])).toEqual(idsOf(['dFrance', 'dSpain', 'dParis']));
    expect(await deals('AnyBelow', ['Global'])).toEqual(
      idsOf(['dEurope', 'dAsia', 'dFrance', 'dSpain', 'dParis']),
    );
    expect(await deals('AnyBelow', ['France', 'Asia'])).toEqual(idsOf(['dParis']));
    expect(await deals('AnyBelow', ['Paris'])).toEqual([]);
    expect(await deals('AnyBelow', ['Loner'])).toEqual([]);
  });

  it('AtOrBelow: the values themselves and everything below them', async () => {
    expect(await deals('AtOrBelow', ['Europe'])).toEqual(idsOf(['dEurope', 'dFrance', 'dSpain', 'dParis']));
    expect(await deals('AtOrBelow', ['Paris'])).toEqual(idsOf(['dParis']));
    expect(await deals('AtOrBelow', ['Loner'])).toEqual(idsOf(['dLoner']));
    expect(await deals('AtOrBelow', ['Asia', 'France'])).toEqual(idsOf(['dAsia', 'dFrance', 'dParis']));
  });

  it('AnyAbove: records whose related record is strictly above one of the values', async () => {
    expect(await deals('AnyAbove', ['Paris'])).toEqual(idsOf(['dGlobal', 'dEurope', 'dFrance']));
    expect(await deals('AnyAbove', ['Spain'])).toEqual(idsOf(['dGlobal', 'dEurope']));
    expect(await deals('AnyAbove', ['Global'])).toEqual([]);
    expect(await deals('AnyAbove', ['Loner'])).toEqual([]);
  });

  it('AtOrAbove: the values themselves and everything above them', async () => {
    expect(await deals('AtOrAbove', ['Paris'])).toEqual(idsOf(['dGlobal', 'dEurope', 'dFrance', 'dParis']));
    expect(await deals('AtOrAbove', ['Asia'])).toEqual(idsOf(['dGlobal', 'dAsia']));
    expect(await deals('AtOrAbove', ['Loner'])).toEqual(idsOf(['dLoner']));
  });

  it('uses AnyBelow when a query sends values without an operator, and takes ids in values too', async () => {
    const body = await runOk(t.admin, dealReport, {
      conds: [{ expid: 'account', valueList: [ids.Europe] }],
    });
    expect(sorted(body)).toEqual(idsOf(['dFrance', 'dSpain', 'dParis']));
    const withValues = await runOk(t.admin, dealReport, {
      conds: [{ expid: 'account', oper: 'AtOrAbove', values: [String(ids.France)] }],
    });
    expect(sorted(withValues)).toEqual(idsOf(['dGlobal', 'dEurope', 'dFrance']));
    // No values: the condition does not apply.
    const open = await runOk(t.admin, dealReport, { conds: [{ expid: 'account', oper: 'AnyBelow' }] });
    expect(rowIds(open)).toHaveLength(11);
  });

  it('applies a stored structure condition and keeps the relationship operators', async () => {
    const stored = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns: [fieldColumn('name', NAME), relColumn('account', accountRel)],
      conditions: [{ id: 'account', columnId: 'account', oper: 'AtOrBelow', values: [ids.France!] }],
    });
    expect(sorted(await runOk(t.admin, stored))).toEqual(idsOf(['dFrance', 'dParis']));
    expect(await deals('AnyOf', ['Europe'])).toEqual(idsOf(['dEurope']));
    expect(await deals('AnyExcept', ['Europe'])).toHaveLength(10);
    const none = await runOk(t.admin, dealReport, { conds: [{ expid: 'account', oper: 'IsNull' }] });
    expect(rowIds(none)).toEqual(idsOf(['dNone']));
  });

  it('filters by the structure relationship itself, in both directions', async () => {
    const byParent = async (oper: string, keys: string[]) =>
      sorted(
        await runOk(t.admin, accountReport, {
          conds: [{ expid: 'parent', oper, valueList: accounts(keys) }],
        }),
      );
    // Accounts whose parent is below Global: the grandchildren and deeper.
    expect(await byParent('AnyBelow', ['Global'])).toEqual(idsOf(['France', 'Spain', 'Paris']));
    // Accounts whose parent is Europe or above it.
    expect(await byParent('AtOrAbove', ['Europe'])).toEqual(idsOf(['Europe', 'Asia', 'France', 'Spain']));
    // Accounts with a child at or below France: Europe (France) and France (Paris).
    const byChild = await runOk(t.admin, accountReport, {
      conds: [{ expid: 'children', oper: 'AtOrBelow', valueList: [ids.France] }],
    });
    expect(sorted(byChild)).toEqual(idsOf(['Europe', 'France']));
  });

  it('never walks through or starts from an account the caller cannot read', async () => {
    // The administrator sees the whole line Top ─ Hidden ─ Leaf.
    expect(await deals('AtOrBelow', ['Top'])).toEqual(idsOf(['dTop', 'dHidden', 'dLeaf']));
    expect(await deals('AnyAbove', ['Leaf'])).toEqual(idsOf(['dTop', 'dHidden']));
    // The viewer reads the deals but not the Hidden account: the line is cut there, so neither
    // Hidden nor what lies beyond it shows through.
    expect(await deals('AtOrBelow', ['Top'], viewer)).toEqual(idsOf(['dTop']));
    expect(await deals('AnyBelow', ['Top'], viewer)).toEqual([]);
    expect(await deals('AnyAbove', ['Leaf'], viewer)).toEqual([]);
    expect(await deals('AtOrAbove', ['Leaf'], viewer)).toEqual(idsOf(['dLeaf']));
    // An account the viewer cannot read, given as a value, matches nothing at all.
    expect(await deals('AtOrBelow', ['Hidden'], viewer)).toEqual([]);
    expect(await deals('AtOrAbove', ['Hidden'], viewer)).toEqual([]);
    expect(await deals('AtOrBelow', ['Europe'], viewer)).toEqual([]);
  });

  it('answers 400 to structure operators where they do not apply and to values that are not ids', async () => {
    const run = (cond: Record<string, unknown>) => runReport(t.admin, dealReport, { conds: [cond] });
    // On a relationship to an object without a structure.
    expectError(await run({ expid: 'region', oper: 'AnyBelow', valueList: [ids.North] }));
    // On a field.
    expectError(await run({ expid: 'name', oper: 'AnyAbove', values: ['dParis'] }));
    // Values that are not record ids.
    for (const values of [['Europe'], [-1], [1.5], ['1); DROP TABLE entities; --']])
      expectError(await run({ expid: 'account', oper: 'AnyBelow', values }));
    // The data is intact.
    expect(await deals('AnyBelow', ['Europe'])).toEqual(idsOf(['dFrance', 'dSpain', 'dParis']));
  });

  it('refuses to save a report whose stored structure condition cannot apply', async () => {
    const res = await t.admin.put([
      {
        id: 'new:r',
        typeId: 'core:report',
        fields: {
          name: 'Bad',
          reportDefinition: JSON.stringify({
            version: 1,
            rootTypeId: deal.typeId,
            columns: [fieldColumn('name', NAME), relColumn('region', regionRel)],
            conditions: [{ id: 'c', columnId: 'region', oper: 'AnyBelow', values: [ids.North] }],
          }),
        },
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.errors).toEqual([
      expect.objectContaining({ id: 'new:r', member: 'reportDefinition' }),
    ]);
  });

  it('refuses a parent that is the record itself or a record below it, and changes nothing', async () => {
    const cycle = (id: number, member: string) => ({
      id,
      member,
      message: structureCycleMessage('Parent Account'),
    });
    const own = await t.admin.put([{ id: ids.Europe!, relationships: { parent: { set: [ids.Europe!] } } }]);
    expect(own.status).toBe(400);
    expect(own.body.error.code).toBe('validation_failed');
    expect(own.body.error.details.errors).toEqual([cycle(ids.Europe!, 'parent')]);

    const below = await t.admin.put([{ id: ids.Global!, relationships: { parent: { set: [ids.Paris!] } } }]);
    expect(below.status).toBe(400);
    expect(below.body.error.details.errors).toEqual([cycle(ids.Global!, 'parent')]);

    // The same loop made from the other end: Paris takes Europe as a child (Europe also leaves Global).
    const fromChild = await t.admin.put([
      { id: ids.Europe!, relationships: { parent: { set: [] } } },
      { id: ids.Paris!, relationships: { children: { add: [ids.Europe!] } } },
    ]);
    expect(fromChild.status).toBe(400);
    expect(fromChild.body.error.details.errors).toEqual([cycle(ids.Paris!, 'children')]);

    // Two changes in one batch that only together make a loop.
    const together = await t.admin.put([
      { id: ids.Loner!, relationships: { parent: { set: [ids.Asia!] } } },
      { id: ids.Global!, relationships: { parent: { set: [ids.Loner!] } } },
    ]);
    expect(together.status).toBe(400);
    expect(together.body.error.code).toBe('validation_failed');

    // Nothing was written.
    expect(await deals('AnyAbove', ['Europe'])).toEqual(idsOf(['dGlobal']));
    expect(await deals('AtOrAbove', ['Loner'])).toEqual(idsOf(['dLoner']));
  });

  it('moves a branch when the new parent is elsewhere in the tree', async () => {
    const move = await t.admin.put([{ id: ids.France!, relationships: { parent: { set: [ids.Asia!] } } }]);
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    expect(await deals('AnyBelow', ['Asia'])).toEqual(idsOf(['dFrance', 'dParis']));
    expect(await deals('AnyBelow', ['Europe'])).toEqual(idsOf(['dSpain']));
    const back = await t.admin.put([{ id: ids.France!, relationships: { parent: { set: [ids.Europe!] } } }]);
    expect(back.status).toBe(200);
  });

  it('stops at a loop that older data holds, answering without running away', async () => {
    const loop = await putRecords(t.admin, [
      { id: 'new:L1', typeId: acc.typeId, fields: { name: 'L1' } },
      { id: 'new:L2', typeId: acc.typeId, fields: { name: 'L2' } },
    ]);
    // Written past the checks, as data from before the structure was marked could be.
    await insertLinks(t.services.db, t.tenantId, [
      { relId: parentRel, fromId: loop.L1!, toId: loop.L2! },
      { relId: parentRel, fromId: loop.L2!, toId: loop.L1! },
    ]);
    const body = await runOk(t.admin, accountReport, {
      conds: [{ expid: 'parent', oper: 'AtOrBelow', valueList: [loop.L1] }],
    });
    expect(sorted(body)).toEqual([loop.L1!, loop.L2!].sort((a, b) => a - b));
    const above = await runOk(t.admin, accountReport, {
      conds: [{ expid: 'parent', oper: 'AnyAbove', valueList: [loop.L2] }],
    });
    expect(sorted(above)).toEqual([loop.L1!, loop.L2!].sort((a, b) => a - b));
  });

  it('refuses a second structure, a structure between two objects and a many-valued one', async () => {
    const define = (fromTypeId: number, toTypeId: number, relType: string, script: string) =>
      t.admin.put([
        {
          id: 'new:rel',
          typeId: 'core:relationship',
          fields: {
            name: script,
            relType,
            toName: script,
            fromName: `${script}Of`,
            toScriptName: script,
            fromScriptName: `${script}Of`,
            relationshipIsStructure: true,
          },
          relationships: { fromType: { set: [fromTypeId] }, toType: { set: [toTypeId] } },
        },
      ]);
    for (const res of [
      await define(acc.typeId, acc.typeId, 'lookup', 'billingParent'),
      await define(deal.typeId, acc.typeId, 'lookup', 'dealParent'),
      await define(deal.typeId, deal.typeId, 'manyToMany', 'relatedDeals'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.errors).toEqual([
        expect.objectContaining({ id: 'new:rel', member: 'relationshipIsStructure' }),
      ]);
    }
    // A self-referencing lookup of another object is fine.
    expect((await define(deal.typeId, deal.typeId, 'lookup', 'parentDeal')).status).toBe(200);
  });

  it('refuses to mark a relationship as a structure while its links hold a loop', async () => {
    const other = await defineType(t.admin, 'Team', []);
    const reportsTo = await defineRelationship(
      t.admin,
      'lookup',
      other.typeId,
      other.typeId,
      'reportsTo',
      'members',
    );
    const teams = await putRecords(t.admin, [
      { id: 'new:T1', typeId: other.typeId, fields: { name: 'T1' } },
      {
        id: 'new:T2',
        typeId: other.typeId,
        fields: { name: 'T2' },
        relationships: { reportsTo: { set: ['new:T1'] } },
      },
    ]);
    expect(
      (await t.admin.put([{ id: teams.T1!, relationships: { reportsTo: { set: [teams.T2!] } } }])).status,
    ).toBe(200);
    const mark = await t.admin.put([{ id: reportsTo, fields: { relationshipIsStructure: true } }]);
    expect(mark.status).toBe(400);
    expect(mark.body.error.details.errors).toEqual([
      expect.objectContaining({ id: reportsTo, member: 'relationshipIsStructure' }),
    ]);
    expect((await t.admin.put([{ id: teams.T1!, relationships: { reportsTo: { set: [] } } }])).status).toBe(
      200,
    );
    const again = await t.admin.put([{ id: reportsTo, fields: { relationshipIsStructure: true } }]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
