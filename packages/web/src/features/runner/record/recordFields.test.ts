import type { TypeSchemaField, TypeSchemaRelationship } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { fieldText, recordTitle, toOneEnds } from './recordFields';

const settings = { locale: 'en-AU', currencySymbol: '$' };
const field = (
  type: TypeSchemaField['type'],
  storage: TypeSchemaField['storage'],
  extra = {},
): TypeSchemaField => ({
  id: 1,
  name: 'F',
  scriptName: 'f',
  type,
  storage,
  typeId: 2,
  isRequired: false,
  isReadOnly: false,
  ...extra,
});
const end = (
  cardinality: TypeSchemaRelationship['cardinality'],
  direction: 'fwd' | 'rev',
  endScriptName = 'x',
) => ({ id: 1, cardinality, direction, endScriptName, endName: 'X' }) as TypeSchemaRelationship;

describe('fieldText', () => {
  it('formats each kind as the grid does, rich text as plain text', () => {
    expect(fieldText(field('Decimal', 'decimal', { decimalPlaces: 3 }), 1234.5, settings)).toBe('1,234.500');
    expect(fieldText(field('DateTime', 'dateTime'), '', settings)).toBe('');
    expect(
      fieldText(field('RichText', 'string'), '<p>Hello <b>there</b></p><p>A &amp; B</p>', settings),
    ).toBe('Hello there\nA & B');
    expect(
      fieldText(field('AutoNumber', 'autoNumber', { autoNumberDisplayPattern: 'OPP-{0}' }), 7, settings),
    ).toBe('OPP-7');
    expect(fieldText(field('Text', 'string'), { name: 'Linked' }, settings)).toBe('Linked');
  });
});

describe('toOneEnds', () => {
  it('keeps the ends that lead to one record, without the technical ones', () => {
    const ends = [
      end('manyToOne', 'fwd', 'account'),
      end('oneToMany', 'rev', 'parent'),
      end('oneToMany', 'fwd', 'activities'),
      end('manyToOne', 'fwd', 'isOfType'),
      end('manyToMany', 'fwd', 'tags'),
      end('oneToOne', 'rev', 'profile'),
    ];
    expect(toOneEnds(ends).map((e) => e.endScriptName)).toEqual(['account', 'parent', 'profile']);
  });
});

describe('recordTitle', () => {
  it('uses the spec’s form titles, <unknown> for a record without a name', () => {
    expect(recordTitle('view', 'Acme', 'Account')).toBe('View Acme');
    expect(recordTitle('edit', ' ', 'Account')).toBe('Edit <unknown>');
    expect(recordTitle('create', null, 'Account')).toBe('New Account');
  });
});
