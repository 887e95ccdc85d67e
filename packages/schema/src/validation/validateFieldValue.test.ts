import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../metamodel/definitions.js';
import { type FieldType, fieldTypes } from '../metamodel/fieldTypes.js';
import { isWritableField, validateFieldValue } from './validateFieldValue.js';

function field(type: FieldType, overrides: Partial<FieldDef> = {}): FieldDef {
  return {
    id: 1,
    name: 'F',
    scriptName: 'F',
    type,
    storage: 'int',
    typeId: 9,
    isRequired: false,
    isReadOnly: false,
    ...overrides,
  };
}

describe('validateFieldValue for server-assigned fields', () => {
  it('rejects any input for AutoNumber and Calculation fields', () => {
    for (const type of ['AutoNumber', 'Calculation'] as const) {
      for (const input of [1, '1', null, undefined, '', true]) {
        expect(validateFieldValue(field(type), input)).toEqual({
          ok: false,
          message: 'The value is invalid.',
        });
      }
    }
  });

  it('treats an unknown field type in a stored definition as invalid', () => {
    expect(validateFieldValue(field('Bogus' as FieldType), 'x')).toEqual({
      ok: false,
      message: 'The value is invalid.',
    });
  });
});

describe('isWritableField', () => {
  it('is false for AutoNumber, Calculation and read-only fields', () => {
    expect(isWritableField(field('AutoNumber'))).toBe(false);
    expect(isWritableField(field('Calculation'))).toBe(false);
    expect(isWritableField(field('Text', { isReadOnly: true }))).toBe(false);
    expect(isWritableField(field('Text'))).toBe(true);
    expect(isWritableField(field('Boolean'))).toBe(true);
  });
});

describe('validateFieldValue with hostile input', () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );
  const inputs: unknown[] = [
    {},
    [],
    Object.create(null),
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: 'x', toString: 1, valueOf: 2 },
    {
      toString() {
        throw new Error('boom');
      },
      [Symbol.toPrimitive]() {
        throw new Error('boom');
      },
    },
    revoked.proxy,
    trap,
    Number.NaN,
    Infinity,
    Symbol('x'),
    10n,
    () => 1,
    new Map(),
  ];

  it('never throws and always answers with a message for every writable type', () => {
    for (const type of fieldTypes) {
      for (const input of inputs) {
        const result = validateFieldValue(field(type), input);
        expect(result.ok, `${type} ${String(typeof input)}`).toBe(false);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers in linear time for ten-megabyte strings of every type', () => {
    const size = 10_000_000;
    const huge = [
      '9'.repeat(size),
      `${' '.repeat(size)}x`,
      '<'.repeat(size),
      `0.${'0'.repeat(size)}1`,
      '&'.repeat(size),
    ];
    for (const type of fieldTypes) {
      for (const input of huge) {
        expect(validateFieldValue(field(type), input).ok).toBe(false);
      }
    }
  });
});
