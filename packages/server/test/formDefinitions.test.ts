import {
  formResponse,
  formValidateResponse,
  readOnlyMessage,
  requiredMessage,
  saveModifiedResponse,
} from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { type Client, engines, startTestApp, type TestApp } from './support/testApp.js';

// Null compares as null, which passes (calc-language §4): an empty amount reads as 0.
const wonNeedsAmount = "[Stage] = 'Won' and isnull([Amount], 0) <= 0";
const wonMessage = 'A won deal needs an amount.';

/**
 * Form definitions with custom validations (decision 0026; spec 02 §5 "Inline edit", spec 03 §3–§5,
 * §7): forms are checked when saved, served by the form calls, and their mandatory overrides and
 * custom validations are applied by form/validate and by the save of inline edits.
 */
describe.each(engines)('form definitions and custom validation on %s', (engine) => {
  let t: TestApp;
  let deal: number;
  let account: number;
  let f: Record<string, number>;
  let owns: number;
  let reader: Client;
  let outsider: Client;
  let formId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    account = (await defineType(t.admin, 'Account', [{ name: 'City', script: 'city', type: 'Text' }])).typeId;
    const defined = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Stage', script: 'stage', type: 'Text' },
      { name: 'Note', script: 'note', type: 'Text' },
      { name: 'Close', script: 'closeDate', type: 'Date' },
      { name: 'Reference', script: 'reference', type: 'AutoNumber', autoNumberSeed: 1 },
    ]);
    deal = defined.typeId;
    f = defined.fieldIds;
    owns = await defineRelationship(t.admin, 'lookup', deal, account, 'account', 'deals');

    const role = await t.admin.put([
      { id: 'new:role', typeId: 'core:role', fields: { name: 'Readers' } },
      { id: 'new:other', typeId: 'core:role', fields: { name: 'Others' } },
    ]);
    const readers = role.body.ids['new:role'];
    const others = role.body.ids['new:other'];
    const rules = await t.admin.put([
      {
        id: 'new:read',
        typeId: 'core:accessRule',
        fields: { name: 'read deals', canRead: true },
        relationships: { accessRuleRole: { set: [readers] }, accessRuleType: { set: [deal] } },
      },
      {
        id: 'new:acc',
        typeId: 'core:accessRule',
        fields: { name: 'read accounts', canRead: true },
        relationships: { accessRuleRole: { set: [others] }, accessRuleType: { set: [account] } },
      },
    ]);
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    await t.addUser('rita', [readers]);
    await t.addUser('otto', [others]);
    reader = await t.login('rita');
    outsider = await t.login('otto');

    const saved = await saveForm({
      version: 1,
      typeId: deal,
      controls: [
        { id: 'name', fieldToRender: 100 },
        {
          id: 'amount',
          fieldToRender: f.amount,
          label: 'Deal amount',
          customValidationCalculation: wonNeedsAmount,
          customValidationMessage: wonMessage,
        },
        { id: 'stage', fieldToRender: f.stage },
        {
          id: 'note',
          fieldToRender: f.note,
          mandatory: true,
          customValidationCalculation: "iif(len([Note]) > 10, 'Keep it under ten characters.', '')",
        },
        {
          id: 'closeDate',
          fieldToRender: f.closeDate,
          customValidationCalculation: '[Close] < #2020-01-01#',
          customValidationMessage: 'Too early.',
          customValidationAlwaysValidate: true,
        },
        {
          id: 'reference',
          fieldToRender: f.reference,
          customValidationCalculation: 'true',
        },
        {
          id: 'account',
          relationshipToRender: owns,
          mandatory: true,
          customValidationCalculation: "[account].[City] = 'Nowhere'",
          customValidationMessage: 'No deals in Nowhere.',
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    formId = saved.body.ids['new:form'];
  });
  afterAll(() => t.close());

  function saveForm(definition: unknown, name = 'Deal form') {
    return t.admin.put([
      {
        id: 'new:form',
        typeId: 'core:form',
        fields: {
          name,
          formDefinition: typeof definition === 'string' ? definition : JSON.stringify(definition),
        },
      },
    ]);
  }
  const setDefaultForm = async (id: number | null) => {
    const res = await t.admin.put([
      { id: deal, relationships: { defaultEditForm: { set: id === null ? [] : [id] } } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  let seq = 0;
  async function newDeal(fields: Record<string, unknown> = {}, city = 'Sydney') {
    const n = ++seq;
    const res = await t.admin.put([
      { id: `new:a${n}`, typeId: account, fields: { name: `Account ${n}`, city } },
      {
        id: `new:d${n}`,
        typeId: deal,
        fields: {
          name: `Deal ${n}`,
          amount: 10,
          stage: 'Lead',
          note: 'short',
          closeDate: '2026-01-01',
          ...fields,
        },
        relationships: { account: { set: [`new:a${n}`] } },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.ids[`new:d${n}`] as number, account: res.body.ids[`new:a${n}`] as number };
  }
  const saveModified = (records: unknown[]) =>
    t.admin.post('/spapi/data/v1/entity/saveModified', { records });
  const read = async (id: number) => (await t.admin.read(id, 'name, amount, stage, note, closeDate')).body;

  describe('saving a form', () => {
    it.each([
      ['not JSON', () => '{', 'The form definition is not valid JSON.'],
      [
        'the wrong shape',
        () => ({ version: 2, typeId: deal }),
        'The form definition is not valid. At version: Invalid input: expected 1.',
      ],
      ['no definition', () => '', 'The form has no definition.'],
      ['an unknown type', () => ({ version: 1, typeId: 999_999 }), 'The object 999999 does not exist.'],
      [
        'an unknown field',
        () => ({ version: 1, typeId: deal, controls: [{ id: 'x', fieldToRender: 999_999 }] }),
        "Control 'x': the field 999999 is not on 'Deal'.",
      ],
      [
        'a field of another type',
        () => ({ version: 1, typeId: account, controls: [{ id: 'x', fieldToRender: f.amount }] }),
        () => `Control 'x': the field ${f.amount} is not on 'Account'.`,
      ],
      [
        'an unknown relationship end',
        () => ({
          version: 1,
          typeId: deal,
          controls: [{ id: 'x', relationshipToRender: owns, isReversed: true }],
        }),
        () => `Control 'x': the relationship ${owns} (reversed) is not on 'Deal'.`,
      ],
      [
        'a custom validation that does not compile',
        () => ({
          version: 1,
          typeId: deal,
          controls: [{ id: 'amount', fieldToRender: f.amount, customValidationCalculation: '[Nope] > 1' }],
        }),
        "Control 'amount': 'Nope' is not a recognised field, relationship or variable. (line 1, column 1)",
      ],
      [
        'a custom validation with a syntax error',
        () => ({
          version: 1,
          typeId: deal,
          controls: [{ id: 'amount', fieldToRender: f.amount, customValidationCalculation: '[Amount] >' }],
        }),
        "Control 'amount': Invalid script syntax. (line 1, column 11)",
      ],
      [
        'a custom validation that gives a number',
        () => ({
          version: 1,
          typeId: deal,
          controls: [{ id: 'amount', fieldToRender: f.amount, customValidationCalculation: '[Amount] * 2' }],
        }),
        "Control 'amount': A custom validation must give true or false, or a text, not Currency.",
      ],
    ])('refuses %s with the reason, and saves nothing', async (_what, definition, message) => {
      const res = await saveForm(definition());
      expect(res.status).toBe(400);
      const text = typeof message === 'function' ? message() : message;
      expect(res.body.error.details.errors).toEqual([
        { id: 'new:form', member: 'formDefinition', message: text },
      ]);
    });

    it('refuses a control that names both a field and a relationship, or the same id twice', async () => {
      for (const controls of [
        [{ id: 'x', fieldToRender: f.amount, relationshipToRender: owns }],
        [
          { id: 'x', fieldToRender: f.amount },
          { id: 'x', fieldToRender: f.stage },
        ],
      ]) {
        const res = await saveForm({ version: 1, typeId: deal, controls });
        expect(res.status).toBe(400);
        expect(res.body.error.details.errors[0].message).toMatch(
          /^The form definition is not valid\. At controls\.\d(\.id)?: /,
        );
      }
    });
  });

  describe('the form calls', () => {
    it('answers a stored form by id, with its controls as saved', async () => {
      const res = await t.admin.get(`/spapi/data/v1/form/${formId}`);
      expect(res.status).toBe(200);
      const form = formResponse.parse(res.body);
      expect(form).toMatchObject({ id: formId, name: 'Deal form', typeId: deal });
      expect(form.controls.map((c) => c.id)).toEqual([
        'name',
        'amount',
        'stage',
        'note',
        'closeDate',
        'reference',
        'account',
      ]);
      expect(form.controls[1]).toMatchObject({
        label: 'Deal amount',
        customValidationCalculation: wonNeedsAmount,
        mandatory: false,
        isHidden: false,
      });
    });

    it("generates a type's default form from its fields and relationships until one is set", async () => {
      await setDefaultForm(null);
      const generated = await t.admin.get(`/spapi/data/v1/type/${deal}/defaultForm`);
      expect(generated.status).toBe(200);
      expect(generated.body).toMatchObject({ id: null, name: 'Deal', typeId: deal });
      const controls = formResponse.parse(generated.body).controls;
      expect(controls).toContainEqual(expect.objectContaining({ fieldToRender: f.amount, mandatory: false }));
      expect(controls).toContainEqual(
        expect.objectContaining({ relationshipToRender: owns, isReversed: false, readOnlyControl: false }),
      );
      // The created-by relationship is kept in a column: only the server sets it.
      expect(controls).toContainEqual(
        expect.objectContaining({ relationshipToRender: 1001, readOnlyControl: true }),
      );
      expect(controls.some((c) => c.customValidationCalculation)).toBe(false);

      await setDefaultForm(formId);
      const stored = await t.admin.get('/spapi/data/v1/type/test:Deal/defaultForm');
      expect(stored.status).toBe(200);
      expect(stored.body).toMatchObject({ id: formId, name: 'Deal form' });
      const forced = await t.admin.get(`/spapi/data/v1/type/${deal}/defaultForm?forceGenerate=true`);
      expect(forced.body.id).toBeNull();
    });

    it('serves forms only to callers who may read the type, and 404 for what does not exist', async () => {
      expect((await reader.get(`/spapi/data/v1/form/${formId}`)).status).toBe(200);
      expect((await reader.get(`/spapi/data/v1/type/${deal}/defaultForm`)).status).toBe(200);
      expect((await outsider.get(`/spapi/data/v1/form/${formId}`)).status).toBe(403);
      expect((await outsider.get(`/spapi/data/v1/type/${deal}/defaultForm`)).status).toBe(403);
      expect((await outsider.get(`/spapi/data/v1/type/${account}/defaultForm`)).status).toBe(200);
      expect((await t.admin.get('/spapi/data/v1/form/987654')).status).toBe(404);
      expect((await t.admin.get(`/spapi/data/v1/form/${deal}`)).status).toBe(404);
      expect((await t.admin.get('/spapi/data/v1/type/987654/defaultForm')).status).toBe(404);
      expect((await t.admin.get('/spapi/data/v1/form/not an alias')).status).toBe(400);
    });
  });

  describe('form/validate', () => {
    const validate = (body: unknown, client: Client = t.admin) =>
      client.post('/spapi/data/v1/form/validate', body);

    it('answers the errors of the controls by id, with the custom message before the calculation text', async () => {
      const { id } = await newDeal();
      const res = await validate({
        formId,
        formData: { id, fields: { stage: 'Won', amount: null, note: 'far too long a note' } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(formValidateResponse.parse(res.body)).toEqual({
        isValid: false,
        errors: {
          amount: [wonMessage],
          note: ['Keep it under ten characters.'],
        },
      });
    });

    it('passes a valid change, skips excluded controls, and checks required values', async () => {
      const { id } = await newDeal();
      const ok = await validate({ formId, formData: { id, fields: { stage: 'Won', amount: 5 } } });
      expect(ok.body).toEqual({ isValid: true, errors: {} });
      const excluded = await validate({
        formId,
        formData: { id, fields: { stage: 'Won', amount: 0, note: '' } },
        excludedControls: ['amount', 'note'],
      });
      expect(excluded.body).toEqual({ isValid: true, errors: {} });
      const required = await validate({
        formId,
        formData: { id, fields: { note: ' ' }, relationships: { account: { set: [] } } },
      });
      expect(required.body.errors).toEqual({ note: [requiredMessage], account: [requiredMessage] });
    });

    it('checks a new record with its defaults, and the related records it names', async () => {
      const nowhere = await newDeal({}, 'Nowhere');
      const res = await validate({
        formData: {
          typeId: deal,
          fields: { name: 'New', stage: 'Won', note: 'ok', closeDate: '2019-05-01' },
          relationships: { account: { set: [nowhere.account] } },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors).toEqual({
        amount: [wonMessage],
        closeDate: ['Too early.'],
        account: ['No deals in Nowhere.'],
      });
    });

    it('runs only the always-validate controls for an existing record with nothing changed', async () => {
      const { id } = await newDeal({ closeDate: '2019-01-01', stage: 'Won', amount: null });
      const res = await validate({ formId, formData: { id }, changedFields: [], changedRelationships: [] });
      expect(res.body.errors).toEqual({ closeDate: ['Too early.'] });
    });

    it('refuses what it cannot check', async () => {
      const { id } = await newDeal();
      expect((await validate({ formId, formData: {} })).status).toBe(400);
      expect((await validate({ formId, formData: { id, fields: { nope: 1 } } })).body.error.message).toBe(
        "'nope' is not a field of 'Deal'.",
      );
      expect((await validate({ formId, formData: { id }, changedFields: ['nope'] })).status).toBe(400);
      expect((await validate({ formId, formData: { typeId: account } })).body.error.message).toBe(
        "The form is not for records of 'Account'.",
      );
      expect((await validate({ formId, formData: { id: 987_654 } })).status).toBe(404);
      expect((await validate({ formId, formData: { id } }, outsider)).status).toBe(404);
    });
  });

  describe('saving inline edits with the default form', () => {
    beforeAll(() => setDefaultForm(formId));

    it('keeps a record whose custom validation fails as it was, with the error by field id', async () => {
      const { id } = await newDeal();
      const res = await saveModified([
        { id, fields: { stage: 'Won', amount: null } },
        { id: (await newDeal()).id, fields: { stage: 'Won', amount: 20 } },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { results } = saveModifiedResponse.parse(res.body);
      // Amount changed, so its validation ran; Stage has none.
      expect(results[0]).toEqual({
        entityId: id,
        validationResults: [{ id: f.amount, isReverse: false, errors: [wonMessage] }],
      });
      expect(results[1]).toMatchObject({ validationResults: [], version: 2 });
      expect(await read(id)).toMatchObject({ stage: 'Lead', amount: 10, version: 1 });
    });

    it('joins the custom message and the text the calculation gives, and maps relationship errors to the end', async () => {
      const other = await saveForm({
        version: 1,
        typeId: deal,
        controls: [
          {
            id: 'note',
            fieldToRender: f.note,
            customValidationCalculation: "iif(len([Note]) > 10, 'Keep it under ten characters.', '')",
            customValidationMessage: 'Note:',
          },
          {
            id: 'account',
            relationshipToRender: owns,
            customValidationCalculation: "[account].[City] = 'Nowhere'",
            customValidationMessage: 'No deals in Nowhere.',
          },
        ],
      });
      expect(other.status).toBe(200);
      await setDefaultForm(other.body.ids['new:form']);
      try {
        const { id } = await newDeal();
        const nowhere = await newDeal({}, 'Nowhere');
        const res = await saveModified([
          {
            id,
            fields: { note: 'a note that is long' },
            relationships: { account: { set: [nowhere.account] } },
          },
        ]);
        expect(res.body.results[0].validationResults).toEqual([
          { id: f.note, isReverse: false, errors: ['Note: Keep it under ten characters.'] },
          { id: owns, isReverse: false, errors: ['No deals in Nowhere.'] },
        ]);
        const after = (await t.admin.read(id, 'note, account.name')).body;
        expect(after, JSON.stringify(after)).toMatchObject({ note: 'short' });
        expect(after.account.id).not.toBe(nowhere.account);
      } finally {
        await setDefaultForm(formId);
      }
    });

    it('passes a valid change and saves it', async () => {
      const { id } = await newDeal();
      const res = await saveModified([{ id, fields: { stage: 'Won', note: 'brief' } }]);
      expect(res.body.results).toEqual([{ entityId: id, validationResults: [], version: 2 }]);
      expect(await read(id)).toMatchObject({ stage: 'Won', note: 'brief' });
    });

    it('applies the mandatory override of a control', async () => {
      const { id } = await newDeal();
      const res = await saveModified([{ id, fields: { note: '' } }]);
      expect(res.body.results[0].validationResults).toEqual([
        { id: f.note, isReverse: false, errors: [requiredMessage] },
      ]);
      expect(await read(id)).toMatchObject({ note: 'short' });
    });

    it('skips hidden and read-only controls and auto-numbers', async () => {
      const hidden = await saveForm({
        version: 1,
        typeId: deal,
        controls: [
          {
            id: 'amount',
            fieldToRender: f.amount,
            isHidden: true,
            customValidationCalculation: 'true',
            mandatory: true,
          },
          {
            id: 'note',
            fieldToRender: f.note,
            readOnlyControl: true,
            mandatory: true,
            customValidationCalculation: 'true',
            customValidationAlwaysValidate: true,
          },
          {
            id: 'reference',
            fieldToRender: f.reference,
            mandatory: true,
            customValidationCalculation: 'true',
            customValidationAlwaysValidate: true,
          },
        ],
      });
      expect(hidden.status).toBe(200);
      await setDefaultForm(hidden.body.ids['new:form']);
      try {
        // The note is sent as stored, so its read-only control does not refuse it; the
        // validations that always run would fail if their controls were checked.
        const { id } = await newDeal();
        const res = await saveModified([{ id, fields: { amount: null, note: 'short' } }]);
        expect(res.body.results).toEqual([{ entityId: id, validationResults: [], version: 2 }]);
        expect(await read(id)).toMatchObject({ amount: null, note: 'short' });
      } finally {
        await setDefaultForm(formId);
      }
    });

    it('refuses a changed value of a member whose control is read-only, and saves the other records', async () => {
      const readOnly = await saveForm({
        version: 1,
        typeId: deal,
        controls: [
          { id: 'stage', fieldToRender: f.stage },
          { id: 'note', fieldToRender: f.note, readOnlyControl: true },
          { id: 'account', relationshipToRender: owns, readOnlyControl: true },
        ],
      });
      expect(readOnly.status).toBe(200);
      await setDefaultForm(readOnly.body.ids['new:form']);
      try {
        const changed = await newDeal();
        const moved = await newDeal();
        const other = await newDeal();
        const unchanged = await newDeal();
        const res = await saveModified([
          { id: changed.id, fields: { stage: 'Won', note: 'edited' } },
          { id: moved.id, relationships: { account: { set: [other.account] } } },
          { id: other.id, fields: { stage: 'Won' } },
          {
            id: unchanged.id,
            fields: { stage: 'Won', note: 'short' },
            relationships: { account: { set: [unchanged.account] } },
          },
        ]);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(saveModifiedResponse.parse(res.body).results).toEqual([
          {
            entityId: changed.id,
            validationResults: [{ id: f.note, isReverse: false, errors: [readOnlyMessage] }],
          },
          {
            entityId: moved.id,
            validationResults: [{ id: owns, isReverse: false, errors: [readOnlyMessage] }],
          },
          { entityId: other.id, validationResults: [], version: 2 },
          { entityId: unchanged.id, validationResults: [], version: 2 },
        ]);
        // Nothing of a refused record is saved, not even its editable stage.
        expect(await read(changed.id)).toMatchObject({ stage: 'Lead', note: 'short', version: 1 });
        expect((await t.admin.read(moved.id, 'account.name')).body.account.id).toBe(moved.account);
        expect(await read(other.id)).toMatchObject({ stage: 'Won' });
        expect(await read(unchanged.id)).toMatchObject({ stage: 'Won', note: 'short' });
      } finally {
        await setDefaultForm(formId);
      }
    });

    it('skips an unchanged record unless a control always validates', async () => {
      // Stored before the form said so: Won without an amount, and closing too early.
      const { id } = await newDeal({ stage: 'Won', amount: null, closeDate: '2019-01-01' });
      const res = await saveModified([{ id, fields: { stage: 'Won', amount: null } }]);
      expect(res.body.results[0].validationResults).toEqual([
        { id: f.closeDate, isReverse: false, errors: ['Too early.'] },
      ]);
      await t.admin.put([{ id, fields: { closeDate: '2026-02-02' } }]);
      const unchanged = await saveModified([{ id, fields: { stage: 'Won', amount: null } }]);
      expect(unchanged.body.results[0].validationResults).toEqual([]);
    });
  });
  describe('a derived type without a default form of its own', () => {
    let bigDeal: number;
    beforeAll(async () => {
      await setDefaultForm(formId);
      bigDeal = (await defineType(t.admin, 'BigDeal', [{ name: 'Tier', script: 'tier', type: 'Text' }], deal))
        .typeId;
    });

    async function newBigDeal() {
      const n = ++seq;
      const res = await t.admin.put([
        { id: `new:a${n}`, typeId: account, fields: { name: `Account ${n}`, city: 'Sydney' } },
        {
          id: `new:b${n}`,
          typeId: bigDeal,
          fields: { name: `Big ${n}`, amount: 10, stage: 'Lead', note: 'short', tier: 'Gold' },
          relationships: { account: { set: [`new:a${n}`] } },
        },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.ids[`new:b${n}`] as number;
    }

    it("answers its nearest base type's default form", async () => {
      const res = await t.admin.get(`/spapi/data/v1/type/${bigDeal}/defaultForm`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: formId, name: 'Deal form', typeId: deal });
      const forced = await t.admin.get(`/spapi/data/v1/type/${bigDeal}/defaultForm?forceGenerate=true`);
      expect(forced.body).toMatchObject({ id: null, name: 'BigDeal', typeId: bigDeal });
    });

    it("checks its records against the base type's form when they are saved inline", async () => {
      const [a, b, c] = [await newBigDeal(), await newBigDeal(), await newBigDeal()];
      const res = await saveModified([
        { id: a, fields: { note: '' } },
        { id: b, fields: { stage: 'Won', amount: null } },
        { id: c, fields: { stage: 'Won', tier: 'Platinum' } },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(saveModifiedResponse.parse(res.body).results).toEqual([
        { entityId: a, validationResults: [{ id: f.note, isReverse: false, errors: [requiredMessage] }] },
        { entityId: b, validationResults: [{ id: f.amount, isReverse: false, errors: [wonMessage] }] },
        { entityId: c, validationResults: [], version: 2 },
      ]);
      expect(await read(a)).toMatchObject({ note: 'short', version: 1 });
      expect(await read(b)).toMatchObject({ stage: 'Lead', amount: 10, version: 1 });
    });

    it('uses its own default form once it has one', async () => {
      const own = await saveForm({
        version: 1,
        typeId: bigDeal,
        controls: [{ id: 'note', fieldToRender: f.note }],
      });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      const set = await t.admin.put([
        { id: bigDeal, relationships: { defaultEditForm: { set: [own.body.ids['new:form']] } } },
      ]);
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const res = await t.admin.get(`/spapi/data/v1/type/${bigDeal}/defaultForm`);
      expect(res.body).toMatchObject({ id: own.body.ids['new:form'], typeId: bigDeal });
      const id = await newBigDeal();
      const saved = await saveModified([{ id, fields: { note: '' } }]);
      expect(saved.body.results).toEqual([{ entityId: id, validationResults: [], version: 2 }]);
    });
  });
});
