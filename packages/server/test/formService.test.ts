import { formResponse, formServiceMessages, sysField, sysRel } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The form and data service calls of spec 03 §7 (decisions 0074, 0075): forms with their change
 * markers, the generated default form, a record's form data, behaviour dependencies, calculated
 * fields of new records, force refresh and the related-record save — each for real against stored
 * data, tenant-scoped, refusing what the caller may not see.
 */
describe.each(engines)('form and data service on %s', (engine) => {
  let t: TestApp;
  let account: number;
  let contact: number;
  let deal: number;
  let f: Record<string, number>;
  let accountFields: Record<string, number>;
  let dealAccount: number;
  let contactAccount: number;
  let contactTag: number;
  let tag: number;
  let group: number;
  let reader: Client;
  let maker: Client;
  let other: Client;
  let formId: number;
  let acme: number;
  let bigDeal: number;
  let foreignDeal: number;
  let foreignForm: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const acc = await defineType(t.admin, 'Account', [
      { name: 'City', script: 'city', type: 'Text' },
      { name: 'Street', script: 'street', type: 'Text' },
    ]);
    account = acc.typeId;
    accountFields = acc.fieldIds;
    contact = (await defineType(t.admin, 'Contact', [{ name: 'Email', script: 'email', type: 'Text' }]))
      .typeId;
    tag = (await defineType(t.admin, 'Tag', [])).typeId;
    const defined = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Stage', script: 'stage', type: 'Text', defaultValue: 'Lead' },
      { name: 'Doubled', script: 'doubled', type: 'Calculation', fieldCalculation: '[Amount] * 2' },
      {
        name: 'Per unit',
        script: 'perUnit',
        type: 'Calculation',
        // Fails when Amount is 0: the text would pass the longest a calculation may build.
        fieldCalculation: "iif([Amount] = 0, padleft('x', 200000, 'y'), 'ok')",
      },
      { name: 'Reference', script: 'reference', type: 'AutoNumber', autoNumberSeed: 1 },
    ]);
    const defineAccountCity = () =>
      t.admin.put([
        {
          id: 'new:f',
          typeId: 'core:field',
          fields: {
            name: 'Account city',
            fieldScriptName: 'accountCity',
            fieldType: 'Calculation',
            fieldCalculation: '[account].[City]',
          },
          relationships: { fieldIsOnType: { set: [defined.typeId] } },
        },
      ]);
    deal = defined.typeId;
    f = defined.fieldIds;
    dealAccount = await defineRelationship(t.admin, 'lookup', deal, account, 'account', 'deals');
    const accountCity = await defineAccountCity();
    expect(accountCity.status, JSON.stringify(accountCity.body)).toBe(200);
    contactAccount = await defineRelationship(t.admin, 'lookup', contact, account, 'employer', 'contacts');
    contactTag = await defineRelationship(t.admin, 'manyToMany', contact, tag, 'tags', 'tagged');

    // A field group on Account holding Street.
    const grouped = await t.admin.put([
      {
        id: 'new:group',
        typeId: 'core:fieldGroup',
        fields: { name: 'Address' },
        relationships: { fieldGroupOnType: { set: [account] } },
      },
      { id: accountFields.street!, relationships: { fieldInGroup: { set: ['new:group'] } } },
    ]);
    expect(grouped.status, JSON.stringify(grouped.body)).toBe(200);
    group = grouped.body.ids['new:group'];

    const roles = await t.admin.put([
      { id: 'new:role', typeId: 'core:role', fields: { name: 'Deal readers' } },
    ]);
    const readers = roles.body.ids['new:role'];
    const rules = await t.admin.put([
      {
        id: 'new:read',
        typeId: 'core:accessRule',
        fields: { name: 'read deals', canRead: true },
        relationships: { accessRuleRole: { set: [readers] }, accessRuleType: { set: [deal] } },
      },
    ]);
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    await t.addUser('rita', [readers]);
    reader = await t.login('rita');
    const makers = await t.admin.put([
      { id: 'new:role', typeId: 'core:role', fields: { name: 'Deal makers' } },
      {
        id: 'new:rule',
        typeId: 'core:accessRule',
        fields: { name: 'make deals', canRead: true, canCreate: true, canModify: true },
        relationships: { accessRuleRole: { set: ['new:role'] }, accessRuleType: { set: [deal] } },
      },
    ]);
    expect(makers.status, JSON.stringify(makers.body)).toBe(200);
    await t.addUser('mo', [makers.body.ids['new:role']]);
    maker = await t.login('mo');

    const saved = await t.admin.put([
      {
        id: 'new:form',
        typeId: 'core:form',
        fields: {
          name: 'Deal form',
          formDefinition: JSON.stringify({
            version: 1,
            typeId: deal,
            containers: [{ id: 'main', containerType: 'verticalStack', name: 'Main' }],
            controls: [
              { id: 'name', fieldToRender: 100, containerId: 'main' },
              {
                id: 'amount',
                fieldToRender: f.amount,
                containerId: 'main',
                customValidationCalculation: "[Stage] = 'Won' and isnull([Amount], 0) <= 0",
                customValidationMessage: 'A won deal needs an amount.',
              },
              { id: 'stage', fieldToRender: f.stage },
              { id: 'doubled', fieldToRender: f.doubled, showCalculationOnNewUnsavedRecords: true },
              { id: 'perUnit', fieldToRender: f.perUnit },
              { id: 'reference', fieldToRender: f.reference },
              { id: 'account', relationshipToRender: dealAccount, isHidden: false },
              { id: 'secret', fieldToRender: f.amount, isHidden: true },
            ],
          }),
        },
      },
      { id: 'new:acme', typeId: account, fields: { name: 'Acme', city: 'Sydney' } },
      {
        id: 'new:deal',
        typeId: deal,
        fields: { name: 'Big deal', amount: 50, stage: 'Open' },
        relationships: { account: { set: ['new:acme'] } },
      },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    formId = saved.body.ids['new:form'];
    acme = saved.body.ids['new:acme'];
    bigDeal = saved.body.ids['new:deal'];

    const tenant = await t.addTenant('globex');
    other = tenant.admin;
    // Enough records that the other tenant's newest ids are ones Acme has never handed out.
    const fillerType = (await defineType(other, 'Filler', [])).typeId;
    const filler = await other.put(
      Array.from({ length: 120 }, (_, i) => ({
        id: `new:x${i}`,
        typeId: fillerType,
        fields: { name: `F${i}` },
      })),
    );
    expect(filler.status, JSON.stringify(filler.body)).toBe(200);
    const foreign = await other.put([
      { id: 'new:t', typeId: 'core:type', fields: { name: 'Secret', typeScriptName: 'Secret' } },
    ]);
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(200);
    const foreignRecords = await other.put([
      { id: 'new:r', typeId: foreign.body.ids['new:t'], fields: { name: 'Hidden plan' } },
      {
        id: 'new:f',
        typeId: 'core:form',
        fields: {
          name: 'Secret form',
          formDefinition: JSON.stringify({ version: 1, typeId: foreign.body.ids['new:t'] }),
        },
      },
    ]);
    expect(foreignRecords.status, JSON.stringify(foreignRecords.body)).toBe(200);
    foreignDeal = foreignRecords.body.ids['new:r'];
    foreignForm = foreignRecords.body.ids['new:f'];
    expect((await t.admin.read(foreignDeal)).status).toBe(404);
    expect((await t.admin.read(foreignForm)).status).toBe(404);
  });
  afterAll(() => t.close());

  const expectError = (res: { status: number; body: any }, status: number, message?: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toEqual(expect.any(String));
    if (message !== undefined) expect(res.body.error.message).toBe(message);
  };

  describe('the generated default form', () => {
    it('puts fields by field group and relationships reaching many records on tabs', async () => {
      const res = await t.admin.get(`/spapi/data/v1/type/${account}/defaultForm`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const form = formResponse.parse(res.body);
      expect(form.id).toBeNull();
      const byId = new Map(form.containers.map((c) => [c.id, c]));
      const street = form.controls.find((c) => c.fieldToRender === accountFields.street)!;
      const city = form.controls.find((c) => c.fieldToRender === accountFields.city)!;
      expect(byId.get(street.containerId!)).toMatchObject({
        containerType: 'verticalStack',
        name: 'Address',
      });
      expect(byId.get(city.containerId!)).toMatchObject({ containerType: 'verticalStack', name: 'Details' });
      // Account's deals and contacts are to-many ends: one tab each in the tab container.
      const deals = form.controls.find((c) => c.relationshipToRender === dealAccount && c.isReversed)!;
      const tab = byId.get(deals.containerId!)!;
      expect(tab).toMatchObject({ containerType: 'form', name: 'deals', containerId: 'tabs' });
      expect(byId.get('tabs')).toMatchObject({ containerType: 'tabContainer' });
      // A to-one end sits with the fields.
      const dealForm = formResponse.parse(
        (await t.admin.get(`/spapi/data/v1/type/${deal}/defaultForm?forceGenerate=true`)).body,
      );
      const lookup = dealForm.controls.find((c) => c.relationshipToRender === dealAccount)!;
      expect(lookup.containerId).toBe('details');
      expect(form.changeMarker).toMatch(/^t\d+\.m\d+$/);
    });

    it("leaves out the alias and the record's type, and shows what the server keeps last, read-only", async () => {
      const form = formResponse.parse((await t.admin.get(`/spapi/data/v1/type/${account}/defaultForm`)).body);
      const byId = new Map(form.containers.map((c) => [c.id, c]));
      expect(form.controls.some((c) => c.fieldToRender === sysField.alias)).toBe(false);
      expect(form.controls.some((c) => c.relationshipToRender === sysRel.isOfType)).toBe(false);
      const kept = [sysRel.createdBy, sysRel.lastModifiedBy, sysRel.securityOwner].map(
        (id) => form.controls.find((c) => c.relationshipToRender === id && !c.isReversed)!,
      );
      kept.push(
        ...[sysField.createdDate, sysField.modifiedDate].map(
          (id) => form.controls.find((c) => c.fieldToRender === id)!,
        ),
      );
      for (const control of kept) {
        expect(byId.get(control.containerId!)).toMatchObject({
          containerType: 'verticalStack',
          name: 'Record information',
        });
      }
      expect(kept.filter((c) => c.relationshipToRender !== undefined).every((c) => c.readOnlyControl)).toBe(
        true,
      );
      const name = form.controls.find((c) => c.fieldToRender === sysField.name)!;
      expect(byId.get(name.containerId!)).toMatchObject({ name: 'Details' });
      const order = form.containers.filter((c) => !c.containerId).map((c) => c.name);
      expect(order.indexOf('Record information')).toBeGreaterThan(order.indexOf('Details'));
      expect(order.indexOf('Record information')).toBeLessThan(order.indexOf('Relationships'));
    });

    it('is kept until the type changes, and a cached copy is confirmed with 304', async () => {
      const first = await t.admin.get(`/spapi/data/v1/type/${contact}/defaultForm`);
      const etag = String(first.headers.etag);
      expect(etag).toBe(`"${first.body.changeMarker}"`);
      const again = await t.admin.request('GET', `/spapi/data/v1/type/${contact}/defaultForm`, undefined, {
        'if-none-match': etag,
      });
      expect(again.status).toBe(304);
      const added = await t.admin.put([
        {
          id: 'new:f',
          typeId: 'core:field',
          fields: { name: 'Phone', fieldScriptName: 'phone', fieldType: 'Text' },
          relationships: { fieldIsOnType: { set: [contact] } },
        },
      ]);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const changed = await t.admin.request('GET', `/spapi/data/v1/type/${contact}/defaultForm`, undefined, {
        'if-none-match': etag,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.changeMarker).not.toBe(first.body.changeMarker);
      expect(changed.body.controls.map((c: { fieldToRender?: number }) => c.fieldToRender)).toContain(
        added.body.ids['new:f'],
      );
    });

    it('renames a group when its field group is renamed', async () => {
      const renamed = await t.admin.put([{ id: group, fields: { name: 'Postal address' } }]);
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const form = formResponse.parse((await t.admin.get(`/spapi/data/v1/type/${account}/defaultForm`)).body);
      expect(form.containers.map((c) => c.name)).toContain('Postal address');
      await t.admin.put([{ id: group, fields: { name: 'Address' } }]);
    });
  });

  describe('form/{idOrAlias}', () => {
    it('answers the form with its containers and change marker; designmode is for those who may change it', async () => {
      const res = await t.admin.get(`/spapi/data/v1/form/${formId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.containers).toEqual([
        { id: 'main', containerType: 'verticalStack', name: 'Main', isHidden: false },
      ]);
      expect(res.body.changeMarker).toMatch(new RegExp(`^f${formId}\\.v\\d+\\.m\\d+$`));
      expect(res.body.missingControls).toBeUndefined();
      const design = await t.admin.get(`/spapi/data/v1/form/${formId}?designmode=true`);
      expect(design.status).toBe(200);
      expect(design.body.missingControls).toEqual([]);
      expect((await reader.get(`/spapi/data/v1/form/${formId}`)).status).toBe(200);
      expectError(await reader.get(`/spapi/data/v1/form/${formId}?designmode=true`), 403);
    });

    it('refuses a form whose containers do not make a tree', async () => {
      const save = (definition: object) =>
        t.admin.put([
          {
            id: 'new:bad',
            typeId: 'core:form',
            fields: {
              name: 'Bad',
              formDefinition: JSON.stringify({ version: 1, typeId: deal, ...definition }),
            },
          },
        ]);
      const messages = async (definition: object) => {
        const res = await save(definition);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        return JSON.stringify(res.body);
      };
      expect(
        await messages({ controls: [{ id: 'amount', fieldToRender: f.amount, containerId: 'nowhere' }] }),
      ).toContain("The container 'nowhere' is not on the form.");
      expect(
        await messages({
          containers: [
            { id: 'a', containerType: 'verticalStack', containerId: 'b' },
            { id: 'b', containerType: 'tabContainer', containerId: 'a' },
          ],
        }),
      ).toContain("The container 'a' is inside itself.");
      expect(
        await messages({
          controls: [{ id: 'x', fieldToRender: f.amount }],
          containers: [{ id: 'x', containerType: 'form' }],
        }),
      ).toContain("The control id 'x' is used twice.");
      expect(await messages({ containers: [{ id: 'a', containerType: 'carousel' }] })).toContain(
        'containerType',
      );
    });

    it("refuses another tenant's form and bad input with a JSON error", async () => {
      expectError(await t.admin.get(`/spapi/data/v1/form/${foreignForm}`), 404);
      expectError(await t.admin.get(`/spapi/data/v1/form/${foreignForm}?designmode=true`), 404);
      expectError(await t.admin.get(`/spapi/data/v1/form/${acme}`), 404);
      expectError(await t.admin.get(`/spapi/data/v1/form/${formId}?designmode=maybe`), 400);
      expectError(await t.admin.get('/spapi/data/v1/form/-3'), 400);
    });
  });

  describe('instance/{idOrAlias}', () => {
    it("answers the form of a record's type; forceGenerate the generated one", async () => {
      await t.admin.put([{ id: deal, relationships: { defaultEditForm: { set: [formId] } } }]);
      const res = await t.admin.get(`/spapi/data/v1/instance/${bigDeal}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.id).toBe(formId);
      const generated = await t.admin.get(`/spapi/data/v1/instance/${bigDeal}?forceGenerate=true`);
      expect(generated.body).toMatchObject({ id: null, typeId: deal });
      await t.admin.put([{ id: deal, relationships: { defaultEditForm: { set: [] } } }]);
    });

    it("answers another tenant's record, or one the caller cannot read, like a missing one", async () => {
      expectError(
        await t.admin.get(`/spapi/data/v1/instance/${foreignDeal}`),
        404,
        formServiceMessages.noInstanceForm,
      );
      expectError(
        await reader.get(`/spapi/data/v1/instance/${acme}`),
        404,
        formServiceMessages.noInstanceForm,
      );
      expectError(
        await t.admin.get('/spapi/data/v1/instance/no:such'),
        404,
        formServiceMessages.noInstanceForm,
      );
    });
  });

  describe('form/data', () => {
    it('answers the record with the members the form renders, and the controls hidden or read-only', async () => {
      const res = await t.admin.post('/spapi/data/v1/form/data', { entityId: bigDeal, formId, hint: 'page' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.formId).toBe(formId);
      expect(res.body.formDataEntity).toMatchObject({
        id: bigDeal,
        name: 'Big deal',
        amount: 50,
        stage: 'Open',
        doubled: 100,
        account: { id: acme, name: 'Acme' },
        canModify: true,
      });
      expect(res.body.initiallyHiddenControls).toEqual(['secret']);
      expect(res.body.initiallyReadOnlyControls.sort()).toEqual(['doubled', 'perUnit', 'reference']);
    });

    it('hides, and does not read, a relationship to a type the caller may not read; all is read-only', async () => {
      const res = await reader.post('/spapi/data/v1/form/data', { entityId: bigDeal, formId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.formDataEntity.account).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain('Acme');
      expect(res.body.initiallyHiddenControls).toContain('account');
      expect(res.body.initiallyReadOnlyControls).toContain('amount');
      expect(res.body.formDataEntity.canModify).toBe(false);
    });

    it('answers a new record of a type with its defaults', async () => {
      const res = await t.admin.post('/spapi/data/v1/form/data', { typeId: deal });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.formId).toBeNull();
      expect(res.body.formDataEntity).toMatchObject({ id: 0, stage: 'Lead', amount: null, account: null });
      expectError(await reader.post('/spapi/data/v1/form/data', { typeId: deal }), 403);
    });

    it('refuses what the caller may not see, and bad input, with a JSON error', async () => {
      expectError(
        await t.admin.post('/spapi/data/v1/form/data', {}),
        400,
        formServiceMessages.noEntityOrType,
      );
      expectError(await t.admin.post('/spapi/data/v1/form/data', { entityId: foreignDeal }), 404);
      expectError(await reader.post('/spapi/data/v1/form/data', { entityId: acme }), 404);
      expectError(await t.admin.post('/spapi/data/v1/form/data', { entityId: acme, formId }), 400);
      expectError(
        await t.admin.post('/spapi/data/v1/form/data', { entityId: bigDeal, formId: foreignForm }),
        404,
      );
      expectError(await t.admin.post('/spapi/data/v1/form/data', { entityId: 'x' }), 400);
      expectError(await t.admin.post('/spapi/data/v1/form/data', { entityId: bigDeal, query: 'nope' }), 400);
      expectError(await t.admin.post('/spapi/data/v1/form/data', { typeId: 'no:such' }), 400);
    });
  });

  describe('form/behaviorCalcDependencies', () => {
    it("answers what each control's custom validation and calculation read", async () => {
      const res = await t.admin.get(`/spapi/data/v1/form/behaviorCalcDependencies/${formId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const deps = res.body.behaviorCalcDependencies;
      expect(deps.amount).toEqual({
        fieldIds: [f.amount, f.stage].sort((a, b) => a! - b!),
        relationshipIds: [],
        controlIds: ['amount', 'stage', 'secret'],
      });
      expect(deps.doubled.controlIds).toEqual(['amount', 'secret']);
      expect(deps.stage).toBeUndefined();
      expectError(await t.admin.get(`/spapi/data/v1/form/behaviorCalcDependencies/${foreignForm}`), 404);
      expectError(await t.admin.get(`/spapi/data/v1/form/behaviorCalcDependencies/${acme}`), 404);
    });
  });

  describe('form/evalCalcFieldsForNew', () => {
    it('evaluates the calculated fields of a new record with the values entered so far', async () => {
      const res = await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', {
        formId,
        fields: { amount: 21 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.formDataEntity).toMatchObject({
        id: 0,
        amount: 21,
        doubled: 42,
        stage: 'Lead',
        perUnit: 'ok',
      });
      expect(res.body.failed).toEqual({});
    });

    it('names a calculation that fails, with null for its value', async () => {
      const res = await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', {
        typeId: deal,
        formId,
        fields: { amount: 0 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.formDataEntity.perUnit).toBeNull();
      expect(Object.keys(res.body.failed)).toEqual(['perUnit']);
    });

    it('reads the related records of the unsaved record, only those the caller may read', async () => {
      const res = await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', {
        typeId: deal,
        relationships: { account: { set: [acme] } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.formDataEntity).toMatchObject({ accountCity: 'Sydney', stage: 'Lead' });
      const hidden = await maker.post('/spapi/data/v1/form/evalCalcFieldsForNew', {
        typeId: deal,
        relationships: { account: { set: [acme] } },
      });
      expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
      expect(hidden.body.formDataEntity.accountCity).toBeNull();
      expect(JSON.stringify(hidden.body)).not.toContain('Sydney');
    });

    it('leaves out a value entered that is not valid', async () => {
      const res = await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', {
        formId,
        fields: { amount: 'lots' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.formDataEntity).toMatchObject({ amount: null, doubled: null });
    });

    it('refuses a type the caller may not create, unknown members and bad input', async () => {
      expectError(await reader.post('/spapi/data/v1/form/evalCalcFieldsForNew', { typeId: deal }), 403);
      expectError(
        await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', { formId: foreignForm }),
        404,
      );
      expectError(
        await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', { typeId: deal, fields: { nope: 1 } }),
        400,
      );
      expectError(await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', {}), 400);
      expectError(
        await t.admin.post('/spapi/data/v1/form/evalCalcFieldsForNew', { typeId: account, formId }),
        400,
      );
    });
  });

  describe('form/forcerefresh', () => {
    it("moves the forms' change markers on, so cached copies are dropped", async () => {
      const before = await t.admin.get(`/spapi/data/v1/form/${formId}`);
      const res = await t.admin.post('/spapi/data/v1/form/forcerefresh', [formId]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const marker = res.body.changeMarkers[String(formId)];
      expect(marker).not.toBe(before.body.changeMarker);
      const after = await t.admin.request('GET', `/spapi/data/v1/form/${formId}`, undefined, {
        'if-none-match': String(before.headers.etag),
      });
      expect(after.status).toBe(200);
      expect(after.body.changeMarker).toBe(marker);
    });

    it('refuses callers who may not change the form, forms of other tenants and bad input', async () => {
      expectError(await reader.post('/spapi/data/v1/form/forcerefresh', [formId]), 403);
      expectError(await t.admin.post('/spapi/data/v1/form/forcerefresh', [foreignForm]), 404);
      expectError(await t.admin.post('/spapi/data/v1/form/forcerefresh', [acme]), 404);
      expectError(await t.admin.post('/spapi/data/v1/form/forcerefresh', []), 400);
      expectError(await t.admin.post('/spapi/data/v1/form/forcerefresh', { ids: [formId] }), 400);
    });
  });

  describe('the related-record save', () => {
    it("relates records through the control's relationship, and to its filters' records", async () => {
      const made = await t.admin.put([
        { id: 'new:c', typeId: contact, fields: { name: 'Cat', email: 'cat@x.test' } },
        { id: 'new:t', typeId: tag, fields: { name: 'VIP' } },
      ]);
      const cat = made.body.ids['new:c'];
      const vip = made.body.ids['new:t'];
      const res = await t.admin.post('/spapi/data/v1/form/relatedRecords', {
        entityId: acme,
        relationshipId: contactAccount,
        relationshipIsReverse: true,
        relatedEntityIds: [cat],
        relationshipFilters: [{ relationshipId: contactTag, entityIds: [vip] }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body.versions).map(Number).sort()).toEqual([acme, cat].sort());
      const read = await t.admin.read(cat, 'employer, tags');
      expect(read.body.employer).toMatchObject({ id: acme });
      expect(read.body.tags).toEqual([expect.objectContaining({ id: vip })]);
    });

    it('refuses records the caller cannot read or change, and bad input', async () => {
      expectError(
        await t.admin.post('/spapi/data/v1/form/relatedRecords', {
          entityId: foreignDeal,
          relationshipId: contactAccount,
          relationshipIsReverse: true,
          relatedEntityIds: [acme],
        }),
        404,
      );
      expectError(
        await reader.post('/spapi/data/v1/form/relatedRecords', {
          entityId: bigDeal,
          relationshipId: dealAccount,
          relatedEntityIds: [bigDeal],
        }),
        403,
      );
      expectError(
        await t.admin.post('/spapi/data/v1/form/relatedRecords', {
          entityId: acme,
          relationshipId: dealAccount,
          relatedEntityIds: [],
        }),
        400,
      );
      expectError(
        await t.admin.post('/spapi/data/v1/form/relatedRecords', {
          entityId: acme,
          relationshipId: 999_999,
          relatedEntityIds: [bigDeal],
        }),
        400,
      );
    });
  });

  describe('actions/formActions', () => {
    it("answers a form's actions; records of other tenants enable nothing", async () => {
      const res = await t.admin.post('/spapi/data/v1/actions/formActions', {
        display: 'form',
        entityTypeId: deal,
        ids: [bigDeal],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const edit = res.body.data.actions.find((a: { state: string }) => a.state === 'editForm');
      expect(edit.isenabled).toBe(true);
      const foreign = await t.admin.post('/spapi/data/v1/actions/formActions', {
        entityTypeId: deal,
        ids: [foreignDeal],
      });
      expect(foreign.status).toBe(200);
      expect(
        foreign.body.data.actions.filter(
          (a: { isselect: boolean; isenabled: boolean }) => a.isselect && a.isenabled,
        ),
      ).toEqual([]);
      expectError(await t.admin.post('/spapi/data/v1/actions/formActions', { ids: [bigDeal] }), 400);
      expectError(
        await t.admin.post('/spapi/data/v1/actions/formActions', { entityTypeId: deal, ids: ['x'] }),
        400,
      );
    });
  });
});
