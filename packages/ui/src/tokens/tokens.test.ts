import { describe, expect, it } from 'vitest';
import { breakpoints, mediaQuery, space, spacingUnits } from './tokens';

describe('tokens', () => {
  it('offers spacing units 2 to 12 on a 4 px base', () => {
    expect(spacingUnits[0]).toBe(2);
    expect(spacingUnits.at(-1)).toBe(12);
    expect(space(2)).toBe(8);
    expect(space(12)).toBe(48);
  });

  it('orders the breakpoints sm < md < lg and builds min-width queries', () => {
    expect(breakpoints.sm).toBeLessThan(breakpoints.md);
    expect(breakpoints.md).toBeLessThan(breakpoints.lg);
    expect(mediaQuery('md')).toBe('(min-width: 768px)');
  });
});
