import { describe, expect, it } from 'vitest';
import { usableEnumColour } from './usableEnumColour';

describe('usableEnumColour', () => {
  it('keeps a real colour', () => {
    expect(usableEnumColour('#1c7c3c')).toBe('#1c7c3c');
    expect(usableEnumColour('teal')).toBe('teal');
  });

  it.each([
    'transparent',
    'white',
    'Black',
    '#fff',
    '#FFFFFF',
    '#000',
    '#000000',
    '#ffffffff',
    '#00000000',
    'rgb(255, 255, 255)',
    'rgba(0,0,0,0)',
    '',
    null,
    undefined,
  ])('ignores %s (spec 02 §3: transparent, white or black)', (colour) => {
    expect(usableEnumColour(colour)).toBeNull();
  });
});
