import { newPageContent, registerComponentTypes } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

const url = '/spapi/data/v1/appManagement/runCustomValidation';

// The data-bound component types come with the form components; the check reads only what binds a
// component (extendedProperties), so a stand-in type serves here.
registerComponentTypes([
  {
    alias: 'test:boundField',
    label: 'Bound field',
    group: 'Form',
    properties: z.object({}).passthrough(),
    isConfigured: () => true,
  },
]);

/**
 * POST appManagement/runCustomValidation (spec 03 §5, §7): the custom validations of a stored
 * page's components on the page's record as edited, errors keyed by component id, with the skip
 * rules and the message joining of spec 03 §5.
 */
describe.each(engines)('page custom validation on %s', (engine) => {
  let t: TestApp;
  let deal: number;
  let account: number;
  let f: Record<string, number>;
  let owns: number;
  let pageId: number;
  let hiddenPageId: number;
  let dealId: number;
  let reader: Client;
  let other: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [{ name: 'City', script: 'city', type: 'Text' }])).typeId;
    const defined = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Stage', script: 'stage', type: 'Text' },
      { name: 'Reference', script: 'reference', type: 'AutoNumber', autoNumberSeed: 1 },
    ]);
    deal = defined.typeId;
    f = defined.fieldIds;
    owns = await defineRelationship(t.admin, 'lookup', deal, account, 'account', 'deals');

    const bound = (id: string, ext: Record<string, unknown>, expression: string, extra: object = {}) => ({
      component: {
        id,
        typeAlias: 'test:boundField',
        extendedProperties: ext,
        customValidation: { expression, errorMessage: '', alwaysValidate: false },
        ...extra,
      },
    });
    const content = newPageContent(
      [
        bound('amountBox', { fieldId: f.amount }, "[Stage] = 'Won' and isnull([Amount], 0) <= 0", {
          customValidation: {
            expression: "[Stage] = 'Won' and isnull([Amount], 0) <= 0",
            errorMessage: 'A won deal needs an amount.',
            alwaysValidate: false,
          },
        }),
        bound('stageBox', { fieldId: f.stage }, "iif(len([Stage]) > 10, 'Keep it short.', '')", {
          customValidation: {
            expression: "iif(len([Stage]) > 10, 'Keep it short.', '')",
            errorMessage: 'Stage:',
            alwaysValidate: false,
          },
        }),
        bound('hiddenBox', { fieldId: f.stage, isHidden: true }, 'true'),
        bound('refBox', { fieldId: f.reference }, 'true'),
        bound('accountTable', { relationshipId: owns, relationshipDirection: 'fwd' }, 'true', {
          style: { displayAs: 'dataTable' },
        }),
        bound('accountInline', { relationshipId: owns }, "[account].[City] = 'Nowhere'", {
          style: { displayAs: 'inline' },
        }),
        bound('limitBox', { fieldId: f.amount }, "iif(isnull([Amount], 0) > @Limit, 'Over the limit.', '')", {
          customValidation: {
            expression: "iif(isnull([Amount], 0) > @Limit, 'Over the limit.', '')",
            errorMessage: '',
            alwaysValidate: true,
          },
        }),
      ],
      { contextEntityTypeId: deal },
    );
    const roles = await t.admin.put([{ id: 'new:role', typeId: 'core:role', fields: { name: 'Readers' } }]);
    const saved = await t.admin.put([
      {
        id: 'new:app',
        typeId: 'core:app',
        fields: { name: 'Deals', uiAppSlug: 'deals', uiAppEnabled: true },
      },
      {
        id: 'new:v',
        typeId: 'core:pageVersion',
        fields: { name: 'Deal page', pageVersionContent: JSON.stringify(content), pageVersionFormat: 1 },
      },
      {
        id: 'new:page',
        typeId: 'core:appPage',
        fields: { name: 'Deal page', appPageSlug: 'deal' },
        relationships: { pageInApp: { set: ['new:app'] }, pagePublishedVersion: { set: ['new:v'] } },
      },
      {
        id: 'new:v2',
        typeId: 'core:pageVersion',
        fields: { name: 'Admins only', pageVersionContent: JSON.stringify(content), pageVersionFormat: 1 },
      },
      {
        id: 'new:adminPage',
        typeId: 'core:appPage',
        fields: { name: 'Admins only', appPageSlug: 'admins' },
        relationships: {
          pageInApp: { set: ['new:app'] },
          pagePublishedVersion: { set: ['new:v2'] },
          allowedDisplayAppPageBy: { set: [roles.body.ids['new:role']] },
        },
      },
      { id: 'new:acc', typeId: account, fields: { name: 'Acme', city: 'Nowhere' } },
      {
        id: 'new:deal',
        typeId: deal,
        fields: { name: 'Deal', amount: 10, stage: 'Open' },
        relationships: { account: { set: ['new:acc'] } },
      },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pageId = saved.body.ids['new:page'];
    hiddenPageId = saved.body.ids['new:adminPage'];
    dealId = saved.body.ids['new:deal'];
    await t.addUser('rita', []);
    reader = await t.login('rita');
    other = (await t.addTenant('globex')).admin;
  });
  afterAll(() => t.close());

  const run = (client: Client, body: Record<string, unknown>) =>
    client.post(url, { pageId, params: [{ name: 'Limit', type: 'Int32', value: 1000 }], ...body });

  it('answers the failing components by id, the custom message before the calculation text', async () => {
    const res = await run(t.admin, {
      contextEntityData: { typeId: deal, fields: { stage: 'Won but far too long' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.errors).toEqual({ stageBox: ['Stage: Keep it short.'] });
    const won = await run(t.admin, {
      contextEntityData: { typeId: deal, fields: { stage: 'Won', amount: 5000 } },
    });
    expect(won.body.errors).toEqual({ limitBox: ['Over the limit.'] });
    const noAmount = await run(t.admin, { contextEntityData: { typeId: deal, fields: { stage: 'Won' } } });
    expect(noAmount.body.errors).toEqual({ amountBox: ['A won deal needs an amount.'] });
  });

  it('checks an inline relationship on the related records as edited, not a data table', async () => {
    const res = await run(t.admin, { contextEntityData: { id: dealId, fields: { stage: 'Lost' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body.errors)).toEqual(['accountInline']);
    expect(res.body.errors.accountInline).toEqual(['The value is invalid.']);
  });

  it('runs for an unchanged record only the components that always validate; none in build mode', async () => {
    const unchanged = await run(t.admin, {
      contextEntityData: { id: dealId, fields: { stage: 'Open' } },
      params: [{ name: 'Limit', type: 'Int32', value: 5 }],
    });
    expect(unchanged.body.errors).toEqual({ limitBox: ['Over the limit.'] });
    const build = await run(t.admin, {
      contextEntityData: { id: dealId, fields: { stage: 'Won but far too long' } },
      isBuildMode: true,
    });
    expect(build.body.errors).toEqual({});
  });

  it('skips excluded components (hidden, outside the active section)', async () => {
    const res = await run(t.admin, {
      contextEntityData: { typeId: deal, fields: { stage: 'Won but far too long' } },
      excludedComponents: ['stageBox'],
    });
    expect(res.body.errors).toEqual({});
  });

  it('refuses pages and records the caller may not see, and bad input, with a JSON error', async () => {
    const expectError = (r: { status: number; body: any }, status: number) => {
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.error.message).toEqual(expect.any(String));
    };
    expectError(await run(reader, { contextEntityData: { id: dealId } }), 404);
    expectError(await run(reader, { pageId: hiddenPageId, contextEntityData: { typeId: deal } }), 404);
    expectError(await run(other, { contextEntityData: { typeId: deal } }), 404);
    expectError(await run(t.admin, { contextEntityData: { typeId: account } }), 400);
    expectError(await run(t.admin, { contextEntityData: {} }), 400);
    expectError(await run(t.admin, { contextEntityData: { typeId: deal, fields: { nope: 1 } } }), 400);
    expectError(
      await run(t.admin, { contextEntityData: { typeId: deal }, params: [{ name: 'x', type: 'Nope' }] }),
      400,
    );
    expectError(await t.admin.post(url, { contextEntityData: { typeId: deal } }), 400);
  });
});
