import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { TenantMetaCache } from '../src/metamodel/tenantMetaCache.js';
import { defineRelationship, defineType } from './support/crmSchema.js';
import { Client, engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The field-schema editor's rules (spec 01 §5) as the API enforces them when type, field and
 * relationship records are put, and the metamodel reads the editor relies on.
 */
describe.each(engines)('metamodel rules through the API on %s', (engine) => {
  let t: TestApp;
  let customer: number;
  let vip: number;

  const fieldNameClash = "There is another field with the same 'Field name'.";
  const scriptNameClash = "There is another field with the same 'Script name'.";
  const relNameClash = "There is another field or Object with the same 'Field name/Object name'.";
  const objectNameClash = "There is another Object with the same 'Object name'";
  const objectScriptClash = "There is another Object with the same 'Script name'";

  beforeAll(async () => {
    t = await startTestApp(engine);
    customer = (
      await defineType(t.admin, 'Customer', [
        { name: 'Email', script: 'email', type: 'Text' },
        { name: 'Joined', script: 'joined', type: 'Date' },
      ])
    ).typeId;
    vip = (await defineType(t.admin, 'Vip', [{ name: 'Tier', script: 'tier', type: 'Text' }], customer))
      .typeId;
    const account = (await defineType(t.admin, 'Account', [])).typeId;
    await defineRelationship(t.admin, 'lookup', customer, account, 'account', 'customers', {
      toName: 'Account',
      fromName: 'Customers',
    });
  });
  afterAll(() => t.close());

  /** Puts one new field on a type and answers the response. */
  const putField = (typeId: number, fields: Record<string, unknown>) =>
    t.admin.put([
      {
        id: 'new:f',
        typeId: 'core:field',
        fields: { fieldType: 'Text', ...fields },
        relationships: { fieldIsOnType: { set: [typeId] } },
      },
    ]);
  const fieldNames = async (typeId: number) =>
    ((await t.admin.get(`/spapi/data/v1/schema/type/${typeId}`)).body.fields as Array<{ name: string }>).map(
      (f) => f.name,
    );
  const errorsOf = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    return res.body.error.details.errors;
  };

  describe('field names', () => {
    it.each([
      ['the same name', 'Email', 'email2'],
      ['the name in another case', 'EMAIL', 'email2'],
      ['the name with spaces around it', '  email ', 'email2'],
    ])('refuses a field with %s as a sibling', async (_label, name, script) => {
      expect(errorsOf(await putField(customer, { name, fieldScriptName: script }))).toEqual([
        { id: 'new:f', member: 'name', message: fieldNameClash },
      ]);
      expect(await fieldNames(customer)).toEqual(expect.arrayContaining(['Email']));
      expect((await fieldNames(customer)).filter((n) => n.trim().toLowerCase() === 'email')).toHaveLength(1);
    });

    it('refuses a field whose script name clashes, case-insensitively', async () => {
      expect(
        errorsOf(await putField(customer, { name: 'E-mail address', fieldScriptName: 'EMAIL' })),
      ).toEqual([{ id: 'new:f', member: 'fieldScriptName', message: scriptNameClash }]);
    });

    it('reports both clashes at once', async () => {
      expect(errorsOf(await putField(customer, { name: 'email', fieldScriptName: 'Email' }))).toEqual(
        expect.arrayContaining([
          { id: 'new:f', member: 'name', message: fieldNameClash },
          { id: 'new:f', member: 'fieldScriptName', message: scriptNameClash },
        ]),
      );
    });

    it('counts inherited members: a derived type cannot reuse its base type’s field names', async () => {
      expect(errorsOf(await putField(vip, { name: 'Joined', fieldScriptName: 'vipJoined' }))).toEqual([
        { id: 'new:f', member: 'name', message: fieldNameClash },
      ]);
      // Catalogue fields every record inherits count too.
      expect(
        errorsOf(await putField(vip, { name: 'Description', fieldScriptName: 'vipDescription' })),
      ).toEqual([{ id: 'new:f', member: 'name', message: fieldNameClash }]);
    });

    it('counts derived types’ members: a base type cannot take a name a derived type already uses', async () => {
      expect(errorsOf(await putField(customer, { name: 'tier', fieldScriptName: 'customerTier' }))).toEqual([
        { id: 'new:f', member: 'name', message: fieldNameClash },
      ]);
      expect(await fieldNames(customer)).not.toContain('tier');
    });

    it('counts relationship ends as members, both ways', async () => {
      expect(errorsOf(await putField(customer, { name: 'Account', fieldScriptName: 'acct' }))).toEqual([
        { id: 'new:f', member: 'name', message: fieldNameClash },
      ]);
      const rel = await t.admin.put([
        {
          id: 'new:r',
          typeId: 'core:relationship',
          fields: {
            name: 'Mail',
            relType: 'lookup',
            toName: 'email',
            fromName: 'Mailers',
            toScriptName: 'mail',
            fromScriptName: 'mailers',
          },
          relationships: { fromType: { set: [customer] }, toType: { set: [customer] } },
        },
      ]);
      expect(errorsOf(rel)).toEqual([{ id: 'new:r', member: 'toName', message: relNameClash }]);
    });

    it('checks the reverse end of a relationship against the members of its to-type', async () => {
      const other = (await defineType(t.admin, 'Partner', [])).typeId;
      const rel = await t.admin.put([
        {
          id: 'new:r',
          typeId: 'core:relationship',
          fields: {
            name: 'Partner customer',
            relType: 'lookup',
            toName: 'Customer',
            fromName: 'EMAIL',
            toScriptName: 'partnerCustomer',
            fromScriptName: 'joined',
          },
          relationships: { fromType: { set: [other] }, toType: { set: [customer] } },
        },
      ]);
      expect(errorsOf(rel)).toEqual(
        expect.arrayContaining([
          { id: 'new:r', member: 'fromName', message: relNameClash },
          { id: 'new:r', member: 'fromScriptName', message: scriptNameClash },
        ]),
      );
      expect(errorsOf(rel)).toHaveLength(2);
    });

    it('refuses two new fields with the same name in one put, and accepts them apart', async () => {
      const res = await t.admin.put(
        ['new:a', 'new:b'].map((id, i) => ({
          id,
          typeId: 'core:field',
          fields: { name: 'Twin', fieldScriptName: `twin${i}`, fieldType: 'Text' },
          relationships: { fieldIsOnType: { set: [customer] } },
        })),
      );
      expect(errorsOf(res)).toEqual(
        expect.arrayContaining([{ id: 'new:a', member: 'name', message: fieldNameClash }]),
      );
      expect(await fieldNames(customer)).not.toContain('Twin');
    });

    it('refuses renaming a field onto a sibling, and accepts saving a field under its own name', async () => {
      const made = await putField(customer, { name: 'Phone', fieldScriptName: 'phone' });
      expect(made.status).toBe(200);
      const id = made.body.ids['new:f'];
      expect(errorsOf(await t.admin.put([{ id, fields: { name: 'email' } }]))).toEqual([
        { id, member: 'name', message: fieldNameClash },
      ]);
      expect((await t.admin.put([{ id, fields: { name: 'Phone', description: 'same name' } }])).status).toBe(
        200,
      );
      expect((await t.admin.put([{ id, fields: { name: 'PHONE' } }])).status).toBe(200);
    });

    it('allows the same field name on unrelated types', async () => {
      const other = (
        await defineType(t.admin, 'Supplier', [{ name: 'Email', script: 'email', type: 'Text' }])
      ).typeId;
      expect(await fieldNames(other)).toContain('Email');
    });

    it('requires a name on a field', async () => {
      expect(errorsOf(await putField(customer, { name: '   ', fieldScriptName: 'blank' }))).toEqual([
        { id: 'new:f', member: 'name', message: 'A value is required.' },
      ]);
    });
  });

  describe('Object names', () => {
    const putType = (name: string, scriptName: string) =>
      t.admin.put([
        {
          id: 'new:t',
          typeId: 'core:type',
          fields: { name, typeScriptName: scriptName },
          relationships: { inherits: { set: [1] } },
        },
      ]);

    it.each([
      ['the same name', 'Customer', 'customer2', 'name', objectNameClash],
      ['the name in another case', 'cUSTOMER', 'customer2', 'name', objectNameClash],
      ['a catalogue type’s name', 'person', 'myPerson', 'name', objectNameClash],
      ['the same script name in another case', 'Client', 'CUSTOMER', 'typeScriptName', objectScriptClash],
    ])('refuses an Object with %s', async (_label, name, scriptName, member, message) => {
      expect(errorsOf(await putType(name, scriptName))).toEqual([{ id: 'new:t', member, message }]);
    });

    it('refuses renaming an Object onto another', async () => {
      expect(errorsOf(await t.admin.put([{ id: vip, fields: { name: 'customer' } }]))).toEqual([
        { id: vip, member: 'name', message: objectNameClash },
      ]);
      expect((await t.admin.read(vip, 'name')).body.name).toBe('Vip');
    });
  });

  describe('bounds', () => {
    const minMax = 'Minimum value cannot be greater than maximum value.';
    const lower = 'The Minimum value must be lower than the Maximum value.';
    it.each([
      ['Text', { minLength: 10, maxLength: 5 }, 'minLength', minMax],
      ['MultilineText', { minLength: 10, maxLength: 5 }, 'minLength', minMax],
      ['RichText', { minLength: 10, maxLength: 5 }, 'minLength', minMax],
      ['Date', { minDate: '2026-02-01', maxDate: '2026-01-31' }, 'minDate', minMax],
      ['Time', { minTime: '17:00', maxTime: '09:00' }, 'minTime', minMax],
      [
        'DateTime',
        { minDateTime: '2026-01-02T00:00:00Z', maxDateTime: '2026-01-01T00:00:00Z' },
        'minDateTime',
        minMax,
      ],
      ['Number', { minInt: 5, maxInt: 1 }, 'minInt', lower],
      ['Number', { minInt: 5, maxInt: 5 }, 'minInt', lower],
      ['Decimal', { minDecimal: 2.5, maxDecimal: 1 }, 'minDecimal', lower],
      ['Currency', { minDecimal: 10, maxDecimal: 10 }, 'minDecimal', lower],
    ])('refuses a %s field with %j', async (fieldType, bounds, member, message) => {
      const name = `Bounded ${fieldType} ${member}`;
      expect(
        errorsOf(await putField(customer, { name, fieldScriptName: `b${Date.now()}`, fieldType, ...bounds })),
      ).toEqual([{ id: 'new:f', member, message }]);
      expect(await fieldNames(customer)).not.toContain(name);
    });

    it.each([
      ['Text', { minLength: 5, maxLength: 5 }],
      ['Date', { minDate: '2026-01-31', maxDate: '2026-01-31' }],
      ['Time', { minTime: '09:00', maxTime: '09:00' }],
      ['Number', { minInt: 1, maxInt: 2 }],
    ])('accepts a %s field with %j', async (fieldType, bounds) => {
      const res = await putField(customer, {
        name: `Edge ${fieldType}`,
        fieldScriptName: `edge${fieldType}`,
        fieldType,
        ...bounds,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('refuses bounds an update makes inconsistent', async () => {
      const made = await putField(customer, {
        name: 'Code',
        fieldScriptName: 'code',
        minLength: 2,
        maxLength: 8,
      });
      const id = made.body.ids['new:f'];
      expect(errorsOf(await t.admin.put([{ id, fields: { minLength: 9 } }]))).toEqual([
        { id, member: 'minLength', message: minMax },
      ]);
    });

    it('refuses a length above the type’s maximum with the value message', async () => {
      expect(
        errorsOf(await putField(customer, { name: 'Huge', fieldScriptName: 'huge', maxLength: 1001 })),
      ).toEqual([
        {
          id: 'new:f',
          member: 'maxLength',
          message: 'The value is out of range; the value must be between 1 and 1000 inclusive',
        },
      ]);
    });
  });

  describe('default values', () => {
    it.each([
      ['Number', 'abc', 'The value is not a valid number.'],
      [
        'Number',
        '2000000000',
        'The value is out of range; the value must be between -1000000000 and 1000000000 inclusive',
      ],
      ['Decimal', '1.23456', 'The maximum number of decimal places has been exceeded.'],
      ['Date', 'tomorrow', 'The value is not a valid date.'],
      ['Time', '25:00', 'Invalid time value'],
      ['DateTime', 'later', 'The value is not a valid date time.'],
      ['Boolean', 'maybe', 'The value is invalid.'],
    ])(
      'refuses a %s field whose default %j is not a valid value',
      async (fieldType, defaultValue, message) => {
        const name = `Defaulted ${fieldType}`;
        expect(
          errorsOf(
            await putField(customer, { name, fieldScriptName: `d${fieldType}`, fieldType, defaultValue }),
          ),
        ).toEqual([{ id: 'new:f', member: 'defaultValue', message }]);
        expect(await fieldNames(customer)).not.toContain(name);
      },
    );

    it('refuses a default longer than the field allows', async () => {
      expect(
        errorsOf(
          await putField(customer, {
            name: 'Short default',
            fieldScriptName: 'sd',
            maxLength: 3,
            defaultValue: 'abcd',
          }),
        ),
      ).toEqual([
        {
          id: 'new:f',
          member: 'defaultValue',
          message: 'The value is too long; the maximum length is 3 characters.',
        },
      ]);
    });

    it.each([
      ['Date', 'TODAY'],
      ['Date', '2026-01-01'],
      ['DateTime', 'now'],
      ['Boolean', 'false'],
      ['Boolean', 'True'],
      ['Number', '-3'],
      ['Time', '08:15'],
    ])('accepts a %s field defaulting to %j', async (fieldType, defaultValue) => {
      const res = await putField(customer, {
        name: `Ok default ${fieldType} ${defaultValue}`,
        fieldScriptName: `ok${fieldType}${defaultValue.replace(/\W/g, '')}`,
        fieldType,
        defaultValue,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });

  describe('inheritance', () => {
    const inheritanceCycle = 'An Object cannot inherit from itself or from an Object derived from it.';

    it('refuses an Object inheriting from itself or from an Object derived from it', async () => {
      const a = (await defineType(t.admin, 'CycleA', [])).typeId;
      const b = (await defineType(t.admin, 'CycleB', [], a)).typeId;
      const c = (await defineType(t.admin, 'CycleC', [], b)).typeId;
      expect(errorsOf(await t.admin.put([{ id: a, relationships: { inherits: { set: [a] } } }]))).toEqual([
        { id: a, member: 'inherits', message: inheritanceCycle },
      ]);
      expect(errorsOf(await t.admin.put([{ id: a, relationships: { inherits: { set: [c] } } }]))).toEqual([
        { id: a, member: 'inherits', message: inheritanceCycle },
      ]);
      // Still usable: records of C are records of A.
      const rec = await t.admin.put([{ id: 'new:c', typeId: c, fields: { name: 'leaf' } }]);
      expect(rec.status).toBe(200);
      const list = await t.admin.post('/spapi/data/v1/entity/ofType', { typeId: a });
      expect(list.body.entities.map((e: any) => e.name)).toEqual(['leaf']);
    });

    it('refuses a new base Object whose members clash with the Object’s own', async () => {
      const loose = (
        await defineType(t.admin, 'Loose', [{ name: 'EMAIL', script: 'contactEmail', type: 'Text' }])
      ).typeId;
      expect(
        errorsOf(await t.admin.put([{ id: loose, relationships: { inherits: { set: [customer] } } }])),
      ).toEqual([{ id: loose, member: 'inherits', message: fieldNameClash }]);
      const schema = await t.admin.get(`/spapi/data/v1/schema/type/${loose}`);
      expect(schema.body.fields.map((f: any) => f.scriptName)).not.toContain('email');
    });
  });

  describe('field and relationship types', () => {
    it('refuses an unknown field type', async () => {
      expect(
        errorsOf(await putField(customer, { name: 'Odd', fieldScriptName: 'odd', fieldType: 'Colour' })),
      ).toEqual([{ id: 'new:f', member: 'fieldType', message: 'Invalid field type specified' }]);
    });

    it('refuses changing a field to an unknown field type', async () => {
      const made = await putField(customer, { name: 'Retyped', fieldScriptName: 'retyped' });
      const id = made.body.ids['new:f'];
      expect(errorsOf(await t.admin.put([{ id, fields: { fieldType: 'Bogus' } }]))).toEqual([
        { id, member: 'fieldType', message: 'Invalid field type specified' },
      ]);
      expect((await t.admin.read(id, 'fieldType')).body.fieldType).toBe('Text');
    });

    it('refuses changing a field type while records hold values the new type cannot keep', async () => {
      const holderType = (await defineType(t.admin, 'Retype', [])).typeId;
      const text = (await putField(holderType, { name: 'Code', fieldScriptName: 'code' })).body.ids['new:f'];
      const num = (await putField(holderType, { name: 'Qty', fieldScriptName: 'qty', fieldType: 'Number' }))
        .body.ids['new:f'];
      const empty = (await putField(holderType, { name: 'Spare', fieldScriptName: 'spare' })).body.ids[
        'new:f'
      ];
      const rec = await t.admin.put([
        { id: 'new:r', typeId: holderType, fields: { name: 'r', code: 'A-1', qty: 3 } },
      ]);
      expect(rec.status).toBe(200);
      expect(errorsOf(await t.admin.put([{ id: text, fields: { fieldType: 'Number' } }]))).toEqual([
        {
          id: text,
          member: 'fieldType',
          message: "1 record holds a value that cannot be changed to 'Number' ('A-1'). Change it first.",
        },
      ]);
      expect((await t.admin.read(rec.body.ids['new:r'], 'code')).body.code).toBe('A-1');
      // Changes every stored value survives are accepted, and so is any change of a field nobody uses.
      expect((await t.admin.put([{ id: text, fields: { fieldType: 'MultilineText' } }])).status).toBe(200);
      expect((await t.admin.put([{ id: num, fields: { fieldType: 'Decimal' } }])).status).toBe(200);
      expect((await t.admin.put([{ id: empty, fields: { fieldType: 'Date' } }])).status).toBe(200);
      expect((await t.admin.read(rec.body.ids['new:r'], 'qty')).body.qty).toBe(3);
    });

    it('converts what converts when a field holding values changes type, and refuses with the count and examples', async () => {
      const holderType = (await defineType(t.admin, 'Convert', [])).typeId;
      const amount = (await putField(holderType, { name: 'Amount', fieldScriptName: 'amount' })).body.ids[
        'new:f'
      ];
      const when = (await putField(holderType, { name: 'When', fieldScriptName: 'when', fieldType: 'Date' }))
        .body.ids['new:f'];
      const done = (await putField(holderType, { name: 'Done', fieldScriptName: 'done' })).body.ids['new:f'];
      const values = [
        { amount: '12', done: 'yes', when: '2026-03-01' },
        { amount: ' 7 ', done: 'No', when: '2026-03-02' },
        { amount: 'twelve', done: 'maybe', when: null },
        { amount: '1.5', done: 'TRUE', when: null },
        { amount: 'n/a', done: '', when: null },
      ];
      const put = await t.admin.put(
        values.map((fields, i) => ({
          id: `new:${i}`,
          typeId: holderType,
          fields: { name: `c${i}`, ...fields },
        })),
      );
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const ids = values.map((_, i) => put.body.ids[`new:${i}`] as number);
      const versionBefore = (await t.admin.read(ids[0]!, 'name')).body.version;

      // 'twelve', '1.5' and 'n/a' are no whole numbers: nothing changes, and the message says so.
      expect(errorsOf(await t.admin.put([{ id: amount, fields: { fieldType: 'Number' } }]))).toEqual([
        {
          id: amount,
          member: 'fieldType',
          message:
            "3 records hold values that cannot be changed to 'Number' ('twelve', '1.5', 'n/a'). Change them first.",
        },
      ]);
      expect((await t.admin.read(ids[0]!, 'amount')).body.amount).toBe('12');
      expect((await t.admin.read(ids[0]!, 'name')).body.version).toBe(versionBefore);

      // Fixed, they convert: numbers, yes/no and dates with time.
      const fixed = await t.admin.put([
        { id: ids[2]!, fields: { amount: '12' } },
        { id: ids[3]!, fields: { amount: '2', done: 'false' } },
        { id: ids[4]!, fields: { amount: null } },
      ]);
      expect(fixed.status).toBe(200);
      expect((await t.admin.put([{ id: amount, fields: { fieldType: 'Number' } }])).status).toBe(200);
      expect(errorsOf(await t.admin.put([{ id: done, fields: { fieldType: 'Boolean' } }]))).toEqual([
        {
          id: done,
          member: 'fieldType',
          message: "1 record holds a value that cannot be changed to 'Yes/No' ('maybe'). Change it first.",
        },
      ]);
      expect((await t.admin.put([{ id: ids[2]!, fields: { done: 'y' } }])).status).toBe(200);
      expect((await t.admin.put([{ id: done, fields: { fieldType: 'Boolean' } }])).status).toBe(200);
      expect((await t.admin.put([{ id: when, fields: { fieldType: 'DateTime' } }])).status).toBe(200);
      const read = await t.admin.read(ids[1]!, 'amount, done, when');
      expect(read.body).toMatchObject({ amount: 7, done: false, when: '2026-03-02T00:00:00.000Z' });
      expect((await t.admin.read(ids[2]!, 'done')).body.done).toBe(true);
      // A converted record has a new version: a form opened before cannot write the old value back.
      expect((await t.admin.read(ids[0]!, 'name')).body.version).toBeGreaterThan(versionBefore);
      // And back to text, the way a user reads them.
      expect((await t.admin.put([{ id: amount, fields: { fieldType: 'Text' } }])).status).toBe(200);
      expect((await t.admin.read(ids[0]!, 'amount')).body.amount).toBe('12');
    });

    it('refuses an unknown relationship type', async () => {
      const res = await t.admin.put([
        {
          id: 'new:r',
          typeId: 'core:relationship',
          fields: {
            name: 'Odd',
            relType: 'sideways',
            toName: 'Odd',
            fromName: 'Odds',
            toScriptName: 'odd',
            fromScriptName: 'odds',
          },
          relationships: { fromType: { set: [customer] }, toType: { set: [vip] } },
        },
      ]);
      expect(errorsOf(res)).toEqual([
        { id: 'new:r', member: 'relType', message: 'Invalid relationship type specified' },
      ]);
    });
  });

  describe('new field names', () => {
    const newName = async (typeId: number | string, fieldType: string) =>
      t.admin.get(
        `/spapi/data/v1/schema/newFieldName?typeId=${typeId}&fieldType=${encodeURIComponent(fieldType)}`,
      );

    it('answers the type’s default name, then adds a space and a number from 2 while it is taken', async () => {
      const fresh = (await defineType(t.admin, 'Blank', [])).typeId;
      expect((await newName(fresh, 'Text')).body).toEqual({ name: 'Text' });
      expect((await newName(fresh, 'Boolean')).body).toEqual({ name: 'Yes/No' });
      expect((await newName(fresh, 'DateTime')).body).toEqual({ name: 'Date and Time' });
      expect((await putField(fresh, { name: 'Text', fieldScriptName: 'Text' })).status).toBe(200);
      expect((await newName(fresh, 'Text')).body).toEqual({ name: 'Text 2' });
      expect((await putField(fresh, { name: 'text 2', fieldScriptName: 'text2' })).status).toBe(200);
      expect((await newName(fresh, 'Text')).body).toEqual({ name: 'Text 3' });
      // A script name counts as taken too.
      expect(
        (await putField(fresh, { name: 'Some number', fieldScriptName: 'Number', fieldType: 'Number' }))
          .status,
      ).toBe(200);
      expect((await newName(fresh, 'Number')).body).toEqual({ name: 'Number 2' });
    });

    it('ignores deleted fields', async () => {
      const fresh = (await defineType(t.admin, 'Scratch', [])).typeId;
      const made = await putField(fresh, {
        name: 'Currency',
        fieldScriptName: 'Currency',
        fieldType: 'Currency',
      });
      expect((await newName(fresh, 'Currency')).body).toEqual({ name: 'Currency 2' });
      expect((await t.admin.put([], [made.body.ids['new:f']])).status).toBe(200);
      expect((await newName(fresh, 'Currency')).body).toEqual({ name: 'Currency' });
    });

    it('counts inherited fields and relationship ends', async () => {
      await defineRelationship(t.admin, 'lookup', customer, customer, 'Date', 'dateOf', {
        toName: 'Date',
        fromName: 'Date of',
      });
      expect((await newName(vip, 'Date')).body).toEqual({ name: 'Date 2' });
    });

    it('answers Invalid field type specified for an unknown type, and 404 for an unknown Object', async () => {
      const bad = await newName(customer, 'Colour');
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('Invalid field type specified');
      expect((await newName(987_654, 'Text')).status).toBe(404);
    });
  });

  describe('schema changes take effect at once', () => {
    it('a new field is usable in the very next request, and a deleted one is gone', async () => {
      const made = await putField(customer, { name: 'Nickname', fieldScriptName: 'nickname', maxLength: 5 });
      expect(made.status).toBe(200);
      const rec = await t.admin.put([
        { id: 'new:c', typeId: customer, fields: { name: 'c', nickname: 'Bo' } },
      ]);
      expect(rec.status, JSON.stringify(rec.body)).toBe(200);
      const id = rec.body.ids['new:c'];
      expect((await t.admin.read(id, 'nickname')).body.nickname).toBe('Bo');
      // Its bounds apply at once too.
      expect(errorsOf(await t.admin.put([{ id, fields: { nickname: 'Bobby Jo' } }]))).toEqual([
        { id, member: 'nickname', message: 'The value is too long; the maximum length is 5 characters.' },
      ]);
      // A derived type sees it at once.
      expect(
        (await t.admin.put([{ id: 'new:v', typeId: vip, fields: { name: 'v', nickname: 'V' } }])).status,
      ).toBe(200);
      const fieldId = made.body.ids['new:f'];
      expect((await t.admin.put([{ id: fieldId, fields: { maxLength: 10 } }])).status).toBe(200);
      expect((await t.admin.put([{ id, fields: { nickname: 'Bobby Jo' } }])).status).toBe(200);
      // Records hold its values: it goes through the schema editor's delete, which counts them (decision 0107).
      expect((await t.admin.put([], [fieldId])).status).toBe(409);
      const deleted = await t.admin.post(`/spapi/data/v1/schema/field/${fieldId}/delete`, { valueCount: 2 });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const gone = await t.admin.put([{ id, fields: { nickname: 'x' } }]);
      expect(errorsOf(gone)).toEqual([
        { id, member: 'nickname', message: "'nickname' is not a field of 'Customer'." },
      ]);
    });

    it('a second app process on the same database sees the change on its next request', async () => {
      const app2 = await buildApp({ ...t.services, metaCache: new TenantMetaCache() });
      try {
        const other = new Client(app2, t.admin.auth);
        // Warm the second process's cache.
        expect((await other.get(`/spapi/data/v1/schema/type/${customer}`)).status).toBe(200);
        const made = await putField(customer, {
          name: 'Shoe size',
          fieldScriptName: 'shoeSize',
          fieldType: 'Number',
        });
        expect(made.status).toBe(200);
        const rec = await other.put([
          { id: 'new:c', typeId: customer, fields: { name: 'c2', shoeSize: 44 } },
        ]);
        expect(rec.status, JSON.stringify(rec.body)).toBe(200);
        expect((await t.admin.read(rec.body.ids['new:c'], 'shoeSize')).body.shoeSize).toBe(44);
      } finally {
        await app2.close();
      }
    });
  });

  describe('type records', () => {
    it('a read of a type record includes canCreateType', async () => {
      const read = await t.admin.read(customer, 'name');
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: customer, name: 'Customer', canCreateType: true });
      const abstract = (await defineType(t.admin, 'AbstractThing', [])).typeId;
      expect((await t.admin.put([{ id: abstract, fields: { isAbstract: true } }])).status).toBe(200);
      expect((await t.admin.read(abstract, 'name')).body.canCreateType).toBe(false);
      const list = await t.admin.post('/spapi/data/v1/entity/ofType', {
        typeId: 'core:type',
        filter: { name: 'Customer' },
      });
      expect(list.body.entities).toEqual([expect.objectContaining({ id: customer, canCreateType: true })]);
      // An ordinary record carries no canCreateType.
      const rec = await t.admin.put([{ id: 'new:c', typeId: customer, fields: { name: 'plain' } }]);
      expect((await t.admin.read(rec.body.ids['new:c'], 'name')).body).not.toHaveProperty('canCreateType');
    });

    it('the schema read includes canCreateType and inherited fields', async () => {
      const res = await t.admin.get(`/spapi/data/v1/schema/type/${vip}`);
      expect(res.status).toBe(200);
      expect(res.body.canCreateType).toBe(true);
      expect(res.body.fields.map((f: any) => f.scriptName)).toEqual(
        expect.arrayContaining(['email', 'joined', 'tier']),
      );
    });
  });
});
