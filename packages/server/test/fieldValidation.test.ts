import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Field values through the entity service (spec 03 §5): every field type's messages verbatim, the
 * normalised value read back, server-assigned and read-only fields, rich-text sanitising and
 * defaults on create.
 */
describe.each(engines)('field validation through the API on %s', (engine) => {
  let t: TestApp;
  let sample: number;
  let required: number;
  let defaults: number;
  let numbered: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    sample = (
      await defineType(t.admin, 'Sample', [
        { name: 'Short', script: 'short', type: 'Text', minLength: 3, maxLength: 10 },
        { name: 'Plain', script: 'plain', type: 'Text' },
        {
          name: 'Code',
          script: 'code',
          type: 'Text',
          pattern: '[A-Z]{3}-\\d+',
          regexDescription: 'Use three capitals, a dash and digits.',
        },
        { name: 'Bare pattern', script: 'barePattern', type: 'Text', pattern: '\\d+' },
        { name: 'Notes', script: 'notes', type: 'MultilineText', minLength: 2, maxLength: 20 },
        { name: 'Long notes', script: 'longNotes', type: 'MultilineText' },
        { name: 'Body', script: 'body', type: 'RichText', maxLength: 50 },
        { name: 'Long body', script: 'longBody', type: 'RichText' },
        { name: 'Qty', script: 'qty', type: 'Number', minInt: 1, maxInt: 10 },
        { name: 'Qty min', script: 'qtyMin', type: 'Number', minInt: 5 },
        { name: 'Qty max', script: 'qtyMax', type: 'Number', maxInt: 5 },
        { name: 'Count', script: 'count', type: 'Number' },
        {
          name: 'Ratio',
          script: 'ratio',
          type: 'Decimal',
          decimalPlaces: 2,
          minDecimal: -5.5,
          maxDecimal: 100,
        },
        { name: 'Ratio min', script: 'ratioMin', type: 'Decimal', minDecimal: 0 },
        { name: 'Ratio max', script: 'ratioMax', type: 'Decimal', maxDecimal: 0.5 },
        { name: 'Measure', script: 'measure', type: 'Decimal' },
        { name: 'Price', script: 'price', type: 'Currency' },
        { name: 'Fee', script: 'fee', type: 'Currency', minDecimal: 1, maxDecimal: 99.99 },
        { name: 'Due', script: 'due', type: 'Date', minDate: '2026-01-01', maxDate: '2026-12-31' },
        { name: 'Due min', script: 'dueMin', type: 'Date', minDate: '2026-01-01' },
        { name: 'Due max', script: 'dueMax', type: 'Date', maxDate: '2026-12-31' },
        { name: 'Opens', script: 'opens', type: 'Time', minTime: '09:00', maxTime: '17:00' },
        { name: 'Opens min', script: 'opensMin', type: 'Time', minTime: '09:00' },
        { name: 'Opens max', script: 'opensMax', type: 'Time', maxTime: '17:00' },
        {
          name: 'Starts',
          script: 'starts',
          type: 'DateTime',
          minDateTime: '2026-01-01T00:00:00Z',
          maxDateTime: '2026-12-31T23:59:59Z',
        },
        { name: 'Starts min', script: 'startsMin', type: 'DateTime', minDateTime: '2026-01-01T00:00:00Z' },
        { name: 'Starts max', script: 'startsMax', type: 'DateTime', maxDateTime: '2026-12-31T23:59:59Z' },
        { name: 'Active', script: 'active', type: 'Boolean' },
        { name: 'Locked', script: 'locked', type: 'Text', isFieldReadOnly: true },
        { name: 'Doubled', script: 'doubled', type: 'Calculation', fieldCalculation: '[Qty] * 2' },
      ])
    ).typeId;
    required = (
      await defineType(t.admin, 'Mandatory', [
        { name: 'R text', script: 'rText', type: 'Text', isRequired: true },
        { name: 'R multi', script: 'rMulti', type: 'MultilineText', isRequired: true },
        { name: 'R rich', script: 'rRich', type: 'RichText', isRequired: true },
        { name: 'R number', script: 'rNumber', type: 'Number', isRequired: true },
        { name: 'R decimal', script: 'rDecimal', type: 'Decimal', isRequired: true },
        { name: 'R currency', script: 'rCurrency', type: 'Currency', isRequired: true },
        { name: 'R date', script: 'rDate', type: 'Date', isRequired: true },
        { name: 'R time', script: 'rTime', type: 'Time', isRequired: true },
        { name: 'R date time', script: 'rDateTime', type: 'DateTime', isRequired: true },
        { name: 'R bool', script: 'rBool', type: 'Boolean', isRequired: true },
      ])
    ).typeId;
    defaults = (
      await defineType(t.admin, 'Defaulted', [
        { name: 'Greeting', script: 'greeting', type: 'Text', defaultValue: 'hello' },
        { name: 'Qty', script: 'qty', type: 'Number', defaultValue: '42' },
        { name: 'Rate', script: 'rate', type: 'Decimal', defaultValue: '1.25' },
        { name: 'On', script: 'on', type: 'Date', defaultValue: 'TODAY' },
        { name: 'At', script: 'at', type: 'DateTime', defaultValue: 'NOW' },
        { name: 'Yes', script: 'yes', type: 'Boolean', defaultValue: 'true' },
        { name: 'No', script: 'no', type: 'Boolean', defaultValue: 'false' },
        { name: 'Alarm', script: 'alarm', type: 'Time', defaultValue: '07:30' },
        { name: 'Nothing', script: 'nothing', type: 'Text' },
      ])
    ).typeId;
    numbered = (
      await defineType(t.admin, 'Ticket', [
        { name: 'Ticket no', script: 'ticketNo', type: 'AutoNumber', autoNumberSeed: 1000 },
        { name: 'Plain no', script: 'plainNo', type: 'AutoNumber' },
      ])
    ).typeId;
  });
  afterAll(() => t.close());

  /** Creates one Sample with the given values and answers the validation errors of the 400. */
  async function errorsOf(fields: Record<string, unknown>, typeId = sample) {
    const res = await t.admin.put([{ id: 'new:s', typeId, fields: { name: 'x', ...fields } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    return res.body.error.details.errors as Array<{ id: string; member: string; message: string }>;
  }

  /** Creates one Sample with a value and answers what a read gives back for that member. */
  async function stored(member: string, value: unknown, typeId = sample) {
    const res = await t.admin.put([{ id: 'new:s', typeId, fields: { name: 'x', [member]: value } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await t.admin.read(res.body.ids['new:s'], member);
    expect(read.status).toBe(200);
    return read.body[member];
  }

  const rejectedCases: Array<[string, string, unknown, string]> = [
    // Text
    ['Text too long', 'short', 'abcdefghijk', 'The value is too long; the maximum length is 10 characters.'],
    ['Text too short', 'short', 'ab', 'The value is too short; the minimum length is 3 characters.'],
    [
      'Text over the default maximum of 1000',
      'plain',
      'x'.repeat(1001),
      'The value is too long; the maximum length is 1000 characters.',
    ],
    [
      'Text pattern with description',
      'code',
      'abc-1',
      'Invalid format. Use three capitals, a dash and digits.',
    ],
    ['Text pattern without description', 'barePattern', '12a', 'Invalid format.'],
    ['Text given a number', 'plain', 12, 'The value is invalid.'],
    // MultilineText
    [
      'MultilineText too long',
      'notes',
      'line one\nline two\nline three',
      'The value is too long; the maximum length is 20 characters.',
    ],
    ['MultilineText too short', 'notes', 'x', 'The value is too short; the minimum length is 2 characters.'],
    [
      'MultilineText over the default maximum of 100000',
      'longNotes',
      'x'.repeat(100_001),
      'The value is too long; the maximum length is 100000 characters.',
    ],
    // RichText
    [
      'RichText too long',
      'body',
      `<p>${'y'.repeat(60)}</p>`,
      'The value is too long; the maximum length is 50 characters.',
    ],
    [
      'RichText over the default maximum of 100000',
      'longBody',
      `<p>${'y'.repeat(100_001)}</p>`,
      'The value is too long; the maximum length is 100000 characters.',
    ],
    ['RichText given an object', 'body', { html: '<p>x</p>' }, 'The value is invalid.'],
    // Number
    ['Number unparsable', 'count', 'twelve', 'The value is not a valid number.'],
    ['Number with a fraction', 'count', '1.5', 'The value is not a valid number.'],
    ['Number as a fractional JSON number', 'count', 2.5, 'The value is not a valid number.'],
    ['Number with grouping', 'count', '1,000', 'The value is not a valid number.'],
    [
      'Number above both bounds',
      'qty',
      11,
      'The value is out of range; the value must be between 1 and 10 inclusive',
    ],
    [
      'Number below both bounds',
      'qty',
      '0',
      'The value is out of range; the value must be between 1 and 10 inclusive',
    ],
    [
      'Number below a min-only bound',
      'qtyMin',
      4,
      'The value is out of range; the value must be between 5 and 1000000000 inclusive',
    ],
    [
      'Number above a max-only bound',
      'qtyMax',
      6,
      'The value is out of range; the value must be between -1000000000 and 5 inclusive',
    ],
    [
      'Number beyond the default range',
      'count',
      '1000000001',
      'The value is out of range; the value must be between -1000000000 and 1000000000 inclusive',
    ],
    // Decimal
    ['Decimal unparsable', 'ratio', '1.2.3', 'The value is not a valid number.'],
    ['Decimal in exponent form', 'ratio', '1e3', 'The value is not a valid number.'],
    [
      'Decimal with too many places',
      'ratio',
      '1.234',
      'The maximum number of decimal places has been exceeded.',
    ],
    [
      'Decimal beyond the default 3 places',
      'measure',
      1.2345,
      'The maximum number of decimal places has been exceeded.',
    ],
    [
      'Decimal above both bounds',
      'ratio',
      '100.01',
      'The value is out of range; the value must be between -5.5 and 100 inclusive',
    ],
    [
      'Decimal below both bounds',
      'ratio',
      -5.51,
      'The value is out of range; the value must be between -5.5 and 100 inclusive',
    ],
    [
      'Decimal below a min-only bound',
      'ratioMin',
      '-0.001',
      'The value is out of range; the value must be between 0 and 1000000000000 inclusive',
    ],
    [
      'Decimal above a max-only bound',
      'ratioMax',
      '0.501',
      'The value is out of range; the value must be between -1000000000000 and 0.5 inclusive',
    ],
    // Currency
    ['Currency unparsable', 'price', '$12', 'The value is not a valid number.'],
    [
      'Currency beyond the default 2 places',
      'price',
      '12.345',
      'The maximum number of decimal places has been exceeded.',
    ],
    [
      'Currency out of range',
      'fee',
      '100',
      'The value is out of range; the value must be between 1 and 99.99 inclusive',
    ],
    // Date
    ['Date not a calendar day', 'due', '2026-02-30', 'The value is not a valid date.'],
    ['Date in another format', 'due', '15/03/2026', 'The value is not a valid date.'],
    ['Date given a number', 'due', 20260315, 'The value is not a valid date.'],
    [
      'Date after both bounds',
      'due',
      '2027-01-01',
      'The value is out of range; the value must be between 2026-01-01 and 2026-12-31 inclusive',
    ],
    [
      'Date before both bounds',
      'due',
      '2025-12-31',
      'The value is out of range; the value must be between 2026-01-01 and 2026-12-31 inclusive',
    ],
    [
      'Date before a min-only bound',
      'dueMin',
      '2025-12-31',
      'The value is less than the minimum value; the minimum value is 2026-01-01',
    ],
    [
      'Date after a max-only bound',
      'dueMax',
      '2027-01-01',
      'The value is greater than the maximum value; the maximum value is 2026-12-31',
    ],
    // Time
    ['Time past midnight', 'opens', '25:00', 'Invalid time value'],
    ['Time with one-digit hours', 'opens', '9:05', 'Invalid time value'],
    ['Time with seconds out of range', 'opens', '10:00:60', 'Invalid time value'],
    ['Time as words', 'opens', 'noon', 'Invalid time value'],
    [
      'Time after both bounds',
      'opens',
      '17:00:01',
      'The value is out of range; the value must be between 09:00:00 and 17:00:00 inclusive',
    ],
    [
      'Time before both bounds',
      'opens',
      '08:59',
      'The value is out of range; the value must be between 09:00:00 and 17:00:00 inclusive',
    ],
    [
      'Time before a min-only bound',
      'opensMin',
      '08:00',
      'The value is less than the minimum value; the minimum value is 09:00:00',
    ],
    [
      'Time after a max-only bound',
      'opensMax',
      '18:00',
      'The value is greater than the maximum value; the maximum value is 17:00:00',
    ],
    // DateTime
    ['DateTime as words', 'starts', 'yesterday', 'The value is not a valid date time.'],
    ['DateTime without an offset', 'starts', '2026-03-15T10:00:00', 'The value is not a valid date time.'],
    [
      'DateTime on a day that does not exist',
      'starts',
      '2026-02-29T10:00:00Z',
      'The value is not a valid date time.',
    ],
    [
      'DateTime after both bounds',
      'starts',
      '2027-01-01T00:00:00Z',
      'The value is out of range; the value must be between 2026-01-01T00:00:00.000Z and 2026-12-31T23:59:59.000Z inclusive',
    ],
    [
      'DateTime before both bounds once converted to UTC',
      'starts',
      '2026-01-01T09:00:00+10:00',
      'The value is out of range; the value must be between 2026-01-01T00:00:00.000Z and 2026-12-31T23:59:59.000Z inclusive',
    ],
    [
      'DateTime before a min-only bound',
      'startsMin',
      '2025-06-01T00:00:00Z',
      'The value is less than the minimum value; the minimum value is 2026-01-01T00:00:00.000Z',
    ],
    [
      'DateTime after a max-only bound',
      'startsMax',
      '2027-06-01T00:00:00Z',
      'The value is greater than the maximum value; the maximum value is 2026-12-31T23:59:59.000Z',
    ],
    // Boolean
    ['Boolean as text', 'active', 'yes', 'The value is invalid.'],
    ['Boolean as a number', 'active', 1, 'The value is invalid.'],
    ['Boolean as the text true', 'active', 'true', 'The value is invalid.'],
  ];

  it.each(rejectedCases)('%s → 400 with the spec message', async (_label, member, value, message) => {
    const before = await countOf(sample);
    expect(await errorsOf({ [member]: value })).toEqual([{ id: 'new:s', member, message }]);
    expect(await countOf(sample)).toBe(before);
  });

  it('reports every invalid value of a record at once', async () => {
    const errors = await errorsOf({ short: 'ab', qty: 0, opens: 'noon' });
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          id: 'new:s',
          member: 'short',
          message: 'The value is too short; the minimum length is 3 characters.',
        },
        {
          id: 'new:s',
          member: 'qty',
          message: 'The value is out of range; the value must be between 1 and 10 inclusive',
        },
        { id: 'new:s', member: 'opens', message: 'Invalid time value' },
      ]),
    );
    expect(errors).toHaveLength(3);
  });

  const acceptedCases: Array<[string, string, unknown, unknown]> = [
    ['Text kept as sent', 'short', 'abc', 'abc'],
    ['Text at its maximum length', 'short', 'abcdefghij', 'abcdefghij'],
    ['Text counts an emoji as one character', 'short', '😀😀😀😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀😀😀😀'],
    ['Text matching the pattern', 'code', 'ABC-42', 'ABC-42'],
    ['Text of exactly 1000 characters', 'plain', 'z'.repeat(1000), 'z'.repeat(1000)],
    ['MultilineText keeps its line breaks', 'notes', 'a\nb\r\nc', 'a\nb\r\nc'],
    ['Number from text with spaces', 'count', ' 42 ', 42],
    ['Number negative', 'count', '-7', -7],
    ['Number at a bound', 'qty', 10, 10],
    ['Number at the default maximum', 'count', 1_000_000_000, 1_000_000_000],
    ['Decimal from text, trailing zeros ignored', 'ratio', '1.50', 1.5],
    ['Decimal with a leading point', 'ratio', '.25', 0.25],
    ['Decimal at a bound', 'ratio', '-5.5', -5.5],
    ['Decimal with 3 places by default', 'measure', '0.125', 0.125],
    ['Currency with 2 places', 'price', '12.50', 12.5],
    ['Currency whole', 'price', 7, 7],
    ['Date at a bound', 'due', '2026-12-31', '2026-12-31'],
    ['Date on a leap day', 'dueMin', '2028-02-29', '2028-02-29'],
    ['Time with minutes only gets seconds', 'opens', '09:05', '09:05:00'],
    ['Time with seconds', 'opens', '16:59:59', '16:59:59'],
    ['Time at a bound', 'opens', '17:00', '17:00:00'],
    [
      'DateTime with an offset is stored in UTC',
      'starts',
      '2026-03-15T10:00:00+10:00',
      '2026-03-15T00:00:00.000Z',
    ],
    ['DateTime with a negative offset', 'starts', '2026-03-14T20:30:00-05:00', '2026-03-15T01:30:00.000Z'],
    ['DateTime in UTC', 'starts', '2026-03-15T01:30Z', '2026-03-15T01:30:00.000Z'],
    ['DateTime with milliseconds', 'starts', '2026-03-15T01:30:00.5Z', '2026-03-15T01:30:00.500Z'],
    ['Boolean true', 'active', true, true],
    ['Boolean false is a value', 'active', false, false],
    ['Text blank is empty', 'plain', '   ', null],
    ['Number null is empty', 'count', null, null],
  ];

  it.each(acceptedCases)('%s', async (_label, member, value, expected) => {
    expect(await stored(member, value)).toEqual(expected);
  });

  it('clears a value on update with null and keeps the others', async () => {
    const put = await t.admin.put([
      { id: 'new:s', typeId: sample, fields: { name: 'clear', qty: 3, plain: 'p' } },
    ]);
    const id = put.body.ids['new:s'];
    expect((await t.admin.put([{ id, fields: { qty: null } }])).status).toBe(200);
    const read = await t.admin.read(id, 'qty, plain');
    expect(read.body).toMatchObject({ qty: null, plain: 'p' });
  });

  describe('required fields', () => {
    const members = [
      'rText',
      'rMulti',
      'rRich',
      'rNumber',
      'rDecimal',
      'rCurrency',
      'rDate',
      'rTime',
      'rDateTime',
      'rBool',
    ];
    const valid = {
      rText: 't',
      rMulti: 'm',
      rRich: '<p>r</p>',
      rNumber: 1,
      rDecimal: '1.5',
      rCurrency: '2.25',
      rDate: '2026-03-15',
      rTime: '10:00',
      rDateTime: '2026-03-15T10:00:00Z',
      rBool: false,
    };

    it('answers A value is required. for every type left out on create', async () => {
      const errors = await errorsOf({}, required);
      expect(errors).toHaveLength(members.length);
      expect(errors).toEqual(
        expect.arrayContaining(
          members.map((member) => ({ id: 'new:s', member, message: 'A value is required.' })),
        ),
      );
    });

    it.each([
      ['rText', '   '],
      ['rMulti', '\n\t '],
      ['rRich', '<p>&nbsp;</p><div> <br></div>'],
      ['rRich', '<p>&#160;\u00a0</p>'],
      ['rNumber', null],
      ['rNumber', ''],
      ['rDecimal', ' '],
      ['rCurrency', null],
      ['rDate', ''],
      ['rTime', null],
      ['rDateTime', ''],
      ['rBool', null],
    ])('answers A value is required. for %s = %j', async (member, value) => {
      expect(await errorsOf({ ...valid, [member]: value }, required)).toEqual([
        { id: 'new:s', member, message: 'A value is required.' },
      ]);
    });

    it('accepts a record with every value (false counts as a Boolean value) and refuses clearing one later', async () => {
      const put = await t.admin.put([{ id: 'new:s', typeId: required, fields: { name: 'ok', ...valid } }]);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const id = put.body.ids['new:s'];
      const cleared = await t.admin.put([{ id, fields: { rDate: null } }]);
      expect(cleared.status).toBe(400);
      expect(cleared.body.error.details.errors).toEqual([
        { id, member: 'rDate', message: 'A value is required.' },
      ]);
      expect((await t.admin.read(id, 'rDate')).body.rDate).toBe('2026-03-15');
      // An update that leaves a required value alone does not need to send it.
      expect((await t.admin.put([{ id, fields: { rText: 'changed' } }])).status).toBe(200);
    });
  });

  describe('rich text', () => {
    it('is sanitised on create: scripts removed, javascript: links neutralised, allowed markup kept', async () => {
      const value = await stored(
        'longBody',
        '<p style="color:red;text-align:center">Hi <b>there</b><script>alert(1)</script>' +
          '<a href="javascript:alert(2)">bad</a> <a href="https://example.com" onclick="x()">ok</a>' +
          '<img src=x onerror="alert(3)"></p>',
      );
      expect(value).not.toMatch(/script/i);
      expect(value).not.toMatch(/javascript:/i);
      expect(value).not.toMatch(/onclick|onerror|<img/i);
      expect(value).not.toMatch(/alert/);
      expect(value).toContain('<b>there</b>');
      // Every link opens in a new tab with nofollow, and the style is written as the browser writes it
      // (the one policy of @plinth/schema, decision 0039).
      expect(value).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
      );
      expect(value).toContain('<a href="/" target="_blank" rel="noopener noreferrer nofollow">bad</a>');
      expect(value).toContain('text-align: center');
      expect(value).not.toContain('color:red');
    });

    it('is sanitised on update too', async () => {
      const put = await t.admin.put([
        { id: 'new:s', typeId: sample, fields: { name: 'r', longBody: '<p>a</p>' } },
      ]);
      const id = put.body.ids['new:s'];
      const upd = await t.admin.put([
        {
          id,
          fields: {
            longBody: '<div><iframe src="https://evil.test"></iframe><a href=" JaVaScRiPt:x">y</a></div>',
          },
        },
      ]);
      expect(upd.status).toBe(200);
      const value = (await t.admin.read(id, 'longBody')).body.longBody;
      expect(value).not.toMatch(/iframe|javascript/i);
      expect(value).toContain('y');
    });

    it('a rich text that is only a script counts as empty for a required field', async () => {
      const errors = await errorsOf(
        {
          rText: 't',
          rMulti: 'm',
          rRich: '<script>alert(1)</script>',
          rNumber: 1,
          rDecimal: 1,
          rCurrency: 1,
          rDate: '2026-03-15',
          rTime: '10:00',
          rDateTime: '2026-03-15T10:00:00Z',
          rBool: true,
        },
        required,
      );
      expect(errors).toEqual([{ id: 'new:s', member: 'rRich', message: 'A value is required.' }]);
    });
  });

  describe('server-assigned and read-only fields', () => {
    it('assigns auto-numbers from the seed, in batch order, counting on across puts', async () => {
      const put = await t.admin.put([
        { id: 'new:a', typeId: numbered, fields: { name: 'a' } },
        { id: 'new:b', typeId: numbered, fields: { name: 'b' } },
        { id: 'new:c', typeId: numbered, fields: { name: 'c' } },
      ]);
      expect(put.status).toBe(200);
      const ids = ['new:a', 'new:b', 'new:c'].map((k) => put.body.ids[k]);
      const read = await t.admin.post('/spapi/data/v1/entity/query', { ids, query: 'ticketNo, plainNo' });
      expect(read.body.entities.map((e: any) => [e.ticketNo, e.plainNo])).toEqual([
        [1000, 1],
        [1001, 2],
        [1002, 3],
      ]);
      const next = await t.admin.put([{ id: 'new:d', typeId: numbered, fields: { name: 'd' } }]);
      expect((await t.admin.read(next.body.ids['new:d'], 'ticketNo')).body.ticketNo).toBe(1003);
      // An update does not renumber.
      await t.admin.put([{ id: ids[0], fields: { name: 'a2' } }]);
      expect((await t.admin.read(ids[0], 'ticketNo')).body.ticketNo).toBe(1000);
    });

    it.each([
      ['an AutoNumber on create', 'ticketNo', 5, 'Ticket no'],
      ['an AutoNumber as null', 'plainNo', null, 'Plain no'],
    ])('refuses writing %s with 400', async (_label, member, value, name) => {
      expect(await errorsOf({ [member]: value }, numbered)).toEqual([
        { id: 'new:s', member, message: `'${name}' is read-only.` },
      ]);
    });

    it('refuses writing an AutoNumber on update, and the stored number stays', async () => {
      const put = await t.admin.put([{ id: 'new:a', typeId: numbered, fields: { name: 'keep' } }]);
      const id = put.body.ids['new:a'];
      const before = (await t.admin.read(id, 'ticketNo')).body.ticketNo;
      const res = await t.admin.put([{ id, fields: { ticketNo: 1 } }]);
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors).toEqual([
        { id, member: 'ticketNo', message: "'Ticket no' is read-only." },
      ]);
      expect((await t.admin.read(id, 'ticketNo')).body.ticketNo).toBe(before);
    });

    it.each([
      ['a Calculation field', 'doubled', 4, 'Doubled'],
      ['a read-only field', 'locked', 'x', 'Locked'],
      ['the created date', 'createdDate', '2026-01-01T00:00:00Z', 'Created Date'],
      ['the modified date', 'modifiedDate', '2026-01-01T00:00:00Z', 'Modified Date'],
    ])('refuses writing %s with 400', async (_label, member, value, name) => {
      expect(await errorsOf({ [member]: value })).toEqual([
        { id: 'new:s', member, message: `'${name}' is read-only.` },
      ]);
    });

    it('refuses an unknown member with 400', async () => {
      expect(await errorsOf({ nope: 1 })).toEqual([
        { id: 'new:s', member: 'nope', message: "'nope' is not a field of 'Sample'." },
      ]);
    });
  });

  describe('defaults on create', () => {
    it('applies configured defaults, TODAY in the tenant time zone, NOW from the clock', async () => {
      t.clock.time = new Date('2026-03-15T01:30:00.000Z');
      const settings = await t.admin.read('core:currentTenantSettings', 'timeZone');
      expect(settings.status).toBe(200);
      const tz = await t.admin.put([{ id: settings.body.id, fields: { timeZone: 'America/Los_Angeles' } }]);
      expect(tz.status, JSON.stringify(tz.body)).toBe(200);
      try {
        const put = await t.admin.put([{ id: 'new:d', typeId: defaults, fields: { name: 'd' } }]);
        expect(put.status, JSON.stringify(put.body)).toBe(200);
        const read = await t.admin.read(put.body.ids['new:d']);
        expect(read.body).toMatchObject({
          greeting: 'hello',
          qty: 42,
          rate: 1.25,
          // 01:30 UTC on 15 March is still 14 March in Los Angeles.
          on: '2026-03-14',
          at: '2026-03-15T01:30:00.000Z',
          yes: true,
          no: false,
          alarm: '07:30:00',
          nothing: null,
        });
      } finally {
        await t.admin.put([{ id: settings.body.id, fields: { timeZone: 'UTC' } }]);
      }
      const utc = await t.admin.put([{ id: 'new:d', typeId: defaults, fields: { name: 'utc' } }]);
      expect((await t.admin.read(utc.body.ids['new:d'], 'on')).body.on).toBe('2026-03-15');
    });

    it('lets given values (null included) win over defaults, and never applies defaults on update', async () => {
      const put = await t.admin.put([
        { id: 'new:d', typeId: defaults, fields: { name: 'd', greeting: 'hi', yes: false, qty: null } },
      ]);
      expect(put.status).toBe(200);
      const id = put.body.ids['new:d'];
      expect((await t.admin.read(id, 'greeting, yes, qty')).body).toMatchObject({
        greeting: 'hi',
        yes: false,
        qty: null,
      });
      await t.admin.put([{ id, fields: { greeting: null } }]);
      expect((await t.admin.read(id, 'greeting')).body.greeting).toBeNull();
    });
  });

  async function countOf(typeId: number) {
    const res = await t.admin.post('/spapi/data/v1/entity/ofType', { typeId, pageSize: 1000 });
    expect(res.status).toBe(200);
    return res.body.entities.length as number;
  }
});
