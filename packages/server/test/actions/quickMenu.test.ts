import { quickMenuResponse, sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

describe.each(engines)('quick-menu actions on %s', (engine) => {
  let t: TestApp;
  let base: number;
  let derived: number;
  let mine: number;
  let theirs: number;
  let salesRole: number;
  let sam: Awaited<ReturnType<TestApp['login']>>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    base = (await defineType(t.admin, 'Asset', [])).typeId;
    derived = (await defineType(t.admin, 'Laptop', [], base)).typeId;
    const role = await t.admin.put([{ id: 'new:role', typeId: 'core:role', fields: { name: 'Sales' } }]);
    salesRole = role.body.ids['new:role'];
    const rules = await t.admin.put([
      {
        id: 'new:read',
        typeId: 'core:accessRule',
        fields: { name: 'read', canRead: true },
        relationships: { accessRuleRole: { set: [salesRole] }, accessRuleType: { set: [base] } },
      },
      {
        id: 'new:own',
        typeId: 'core:accessRule',
        fields: {
          name: 'own',
          canRead: true,
          canCreate: true,
          canModify: true,
          canDelete: true,
          ownedOnly: true,
        },
        relationships: { accessRuleRole: { set: [salesRole] }, accessRuleType: { set: [derived] } },
      },
    ]);
    expect(rules.status).toBe(200);
    await t.addUser('sam', [salesRole]);
    sam = await t.login('sam');
    theirs = (await t.admin.put([{ id: 'new:x', typeId: derived, fields: { name: 'Admin laptop' } }])).body
      .ids['new:x'];
    mine = (await sam.put([{ id: 'new:y', typeId: derived, fields: { name: 'Sam laptop' } }])).body.ids[
      'new:y'
    ];
  });
  afterAll(() => t.close());

  const menu = (client: typeof sam, body: object) => client.post('/spapi/data/v1/actions/menu', body);
  const byState = (actions: Array<{ state: string; isenabled: boolean }>, state: string) =>
    actions.find((a) => a.state === state);

  it("names each New action's default form: the type's own, or else its base type's", async () => {
    const forms = await t.admin.put(
      ['asset', 'laptop'].map((name) => ({
        id: `new:${name}`,
        typeId: 'core:form',
        fields: { name, formDefinition: JSON.stringify({ version: 1, typeId: base, controls: [] }) },
      })),
    );
    expect(forms.status, JSON.stringify(forms.body)).toBe(200);
    const setForm = async (typeId: number, formId: number | null) =>
      expect(
        (
          await t.admin.put([
            { id: typeId, relationships: { defaultEditForm: { set: formId === null ? [] : [formId] } } },
          ])
        ).status,
      ).toBe(200);
    const newForms = async () =>
      Object.fromEntries(
        (await menu(t.admin, { entityTypeId: base, ids: [] })).body.data.actions
          .filter((a: { isnew: boolean }) => a.isnew)
          .map((a: { eid: number; data: { TypeDefaultForm: number | null } }) => [
            a.eid,
            a.data.TypeDefaultForm,
          ]),
      );
    try {
      await setForm(base, forms.body.ids['new:asset']);
      expect(await newForms()).toEqual({
        [base]: forms.body.ids['new:asset'],
        [derived]: forms.body.ids['new:asset'],
      });
      await setForm(derived, forms.body.ids['new:laptop']);
      expect(await newForms()).toEqual({
        [base]: forms.body.ids['new:asset'],
        [derived]: forms.body.ids['new:laptop'],
      });
    } finally {
      await setForm(base, null);
      await setForm(derived, null);
    }
  });

  it('lists a New action per creatable type and the fixed ids of spec 02', async () => {
    const res = await menu(t.admin, { entityTypeId: base, ids: [] });
    expect(res.status).toBe(200);
    const news = res.body.data.actions.filter((a: { isnew: boolean }) => a.isnew);
    expect(news.map((a: { eid: number; id: number }) => [a.eid, a.id])).toEqual([
      [base, -1],
      [derived, -1],
    ]);
    const ids = Object.fromEntries(
      res.body.data.actions.map((a: { state: string; id: number }) => [a.state, a.id]),
    );
    expect(ids).toMatchObject({
      excel: -2,
      csv: -2,
      word: -2,
      editInline: -3,
      viewInFormPanel: -4,
      enterMultiSelectMode: -5,
      exitMultiSelectMode: -6,
    });
    expect(res.body.data).toMatchObject({
      showNewMenu: true,
      showExportMenu: true,
      showEditInlineButton: true,
    });
  });

  it('disables record actions unless every selected record grants them', async () => {
    const own = (await menu(sam, { entityTypeId: derived, ids: [mine] })).body.data.actions;
    expect(byState(own, 'editForm')?.isenabled).toBe(true);
    expect(byState(own, 'delete')?.isenabled).toBe(true);
    const mixed = (await menu(sam, { entityTypeId: derived, ids: [mine, theirs] })).body.data.actions;
    expect(byState(mixed, 'delete')?.isenabled).toBe(false);
    expect(byState(mixed, 'viewForm')?.isenabled).toBe(false);
    const other = (await menu(sam, { entityTypeId: derived, ids: [theirs] })).body.data.actions;
    expect(byState(other, 'viewForm')?.isenabled).toBe(true);
    expect(byState(other, 'editForm')?.isenabled).toBe(false);
  });

  it('offers New only for types the user may create', async () => {
    const res = await menu(sam, { entityTypeId: base, ids: [] });
    const news = res.body.data.actions
      .filter((a: { isnew: boolean }) => a.isnew)
      .map((a: { eid: number }) => a.eid);
    expect(news).toEqual([derived]);
  });

  it('adds the document actions on documents', async () => {
    const res = await menu(t.admin, { entityTypeId: sysType.document, ids: [] });
    const states = res.body.data.actions.map((a: { state: string }) => a.state);
    expect(states).toEqual(expect.arrayContaining(['previewFile', 'downloadDocument', 'replaceDocument']));
    expect(res.body.data.actions.find((a: { state: string }) => a.state === 'previewFile').id).toBe(-7);
    // Spec 02 §3: 'Download/Export -2'.
    expect(res.body.data.actions.find((a: { state: string }) => a.state === 'downloadDocument').id).toBe(-2);
  });

  it('takes the request of spec 02 §7 and answers the quick-menu contract the browser parses', async () => {
    const res = await menu(sam, {
      entityTypeId: derived,
      ids: [mine],
      hostIds: [mine],
      hostTypeIds: [derived],
      contextEntityId: mine,
    });
    expect(res.status).toBe(200);
    const parsed = quickMenuResponse.parse(res.body);
    expect(byState(parsed.data.actions, 'editForm')?.isenabled).toBe(true);
    expect(parsed.data.actions.every((a) => typeof a.method === 'string')).toBe(true);
  });

  it('refuses an unknown property or a selection over 200 ids with 400', async () => {
    expect((await menu(t.admin, { entityTypeId: base, selectedIds: [1] })).status).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await menu(t.admin, { entityTypeId: base, ids: many })).status).toBe(400);
    expect((await menu(t.admin, { entityTypeId: base, ids: ['x'] })).status).toBe(400);
  });

  it('answers 400 without a type or report, and 404 for an unknown type', async () => {
    expect((await menu(t.admin, {})).status).toBe(400);
    expect((await menu(t.admin, { entityTypeId: 999_999 })).status).toBe(404);
  });
});
