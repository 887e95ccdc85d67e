import { describe, expect, it } from 'vitest';
import { formatValue } from './LiveResult';

describe('the live result’s value', () => {
  it('reads as a builder expects', () => {
    expect(formatValue(null)).toBe('(null)');
    expect(formatValue('')).toBe("''");
    expect(formatValue('1200.50')).toBe('1200.50');
    expect(formatValue(true)).toBe('true');
    expect(formatValue([])).toBe('(empty list)');
    expect(formatValue(['a', null, 3])).toBe('a, (null), 3');
    expect(formatValue({ id: 7, name: 'Acme' })).toBe('Acme');
    expect(formatValue({ id: 7 })).toBe('#7');
  });
});
