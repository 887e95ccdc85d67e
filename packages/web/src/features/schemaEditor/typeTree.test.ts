import { describe, expect, it } from 'vitest';
import { typeSummary as type } from './schemaServerHarness';
import { typeRows } from './typeTree';

const types = [
  type(1, 'Resource', null, { isSystem: true }),
  type(10, 'Project', 1),
  type(11, 'Internal Project', 10),
  type(12, 'Account', 1),
  type(13, 'Customer Project', 10),
  type(14, 'Pilot', 11),
];

describe('typeRows', () => {
  it('lists the own Objects by name with derived ones under their base', () => {
    expect(typeRows(types).map((r) => [r.type.name, r.depth])).toEqual([
      ['Account', 0],
      ['Project', 0],
      ['Customer Project', 1],
      ['Internal Project', 1],
      ['Pilot', 2],
    ]);
  });

  it('keeps the bases of a match above it and leaves out the rest', () => {
    expect(typeRows(types, 'pil').map((r) => r.type.name)).toEqual(['Project', 'Internal Project', 'Pilot']);
    expect(typeRows(types, '  ACCOUNT ').map((r) => r.type.name)).toEqual(['Account']);
    expect(typeRows(types, 'nothing like it')).toEqual([]);
  });

  it('names each row’s base', () => {
    expect(typeRows(types).find((r) => r.type.name === 'Pilot')?.baseName).toBe('Internal Project');
    expect(typeRows(types).find((r) => r.type.name === 'Account')?.baseName).toBe('Resource');
  });
});
