import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/**
 * An auto-number field's display pattern is checked when the field is saved (decision 0023): a
 * pattern that cannot show the number is refused on its member, and nothing of the put is stored.
 */
describe.each(engines)('auto-number display patterns on save on %s', (engine) => {
  let t: TestApp;
  let ticket: number;
  let ref: number;

  const unusable =
    'The display pattern must show the number as {0}, {0:D6} or {0:000000} (up to 20 digits); write a brace as {{ or }}.';

  beforeAll(async () => {
    t = await startTestApp(engine);
    const made = await defineType(t.admin, 'Ticket', [
      { name: 'Ref', script: 'ref', type: 'AutoNumber', autoNumberDisplayPattern: 'TCK-{0}' },
    ]);
    ticket = made.typeId;
    ref = made.fieldIds.ref!;
  });
  afterAll(() => t.close());

  const putField = (name: string, autoNumberDisplayPattern: string) =>
    t.admin.put([
      {
        id: 'new:f',
        typeId: 'core:field',
        fields: {
          name,
          fieldScriptName: name.replace(/\W/g, ''),
          fieldType: 'AutoNumber',
          autoNumberDisplayPattern,
        },
        relationships: { fieldIsOnType: { set: [ticket] } },
      },
    ]);
  const fieldNames = async () =>
    ((await t.admin.get(`/spapi/data/v1/schema/type/${ticket}`)).body.fields as Array<{ name: string }>).map(
      (f) => f.name,
    );
  const errorsOf = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    return res.body.error.details.errors;
  };

  it.each([
    ['no number', 'OPP-'],
    ['another placeholder', 'X-{1}'],
    ['an unknown format', '{0:X4}'],
    ['a lone opening brace', 'OPP-{0'],
    ['a lone closing brace', 'A}{0}'],
    ['a width over 20', '{0:D21}'],
  ])('refuses a new field whose pattern has %s (%j) and stores nothing', async (_label, pattern) => {
    const name = `Bad ${pattern}`;
    expect(errorsOf(await putField(name, pattern))).toEqual([
      { id: 'new:f', member: 'autoNumberDisplayPattern', message: unusable },
    ]);
    expect(await fieldNames()).not.toContain(name);
  });

  it('refuses changing a pattern to an unusable one and keeps the stored pattern', async () => {
    expect(
      errorsOf(await t.admin.put([{ id: ref, fields: { autoNumberDisplayPattern: 'TCK-{1}' } }])),
    ).toEqual([{ id: ref, member: 'autoNumberDisplayPattern', message: unusable }]);
    expect((await t.admin.read(ref, 'autoNumberDisplayPattern')).body.autoNumberDisplayPattern).toBe(
      'TCK-{0}',
    );
  });

  it.each([
    ['OPP-{0}', 'Usable plain'],
    ['INV {0:D6}', 'Usable padded'],
    ['{{{0:00000000000000000000}}}', 'Usable braces'],
    ['', 'Blank'],
    ['   ', 'Spaces'],
  ])('accepts the pattern %j', async (pattern, name) => {
    const res = await putField(name, pattern);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await fieldNames()).toContain(name);
  });
});
