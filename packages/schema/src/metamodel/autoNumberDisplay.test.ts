import { describe, expect, it } from 'vitest';
import { autoNumberFromDisplay, formatAutoNumber, isUsableAutoNumberPattern } from './autoNumberDisplay.js';

describe('formatAutoNumber', () => {
  it.each([
    ['OPP-{0}', 1012, 'OPP-1012'],
    ['{0}', 7, '7'],
    ['INV {0:D6}', 42, 'INV 000042'],
    ['INV {0:d3}', 123456, 'INV 123456'],
    ['Q{0:0000}/A', 5, 'Q0005/A'],
    ['{0}-{0}', 3, '3-3'],
    ['{{{0}}}', 9, '{9}'],
    ['No. {0}', -4, 'No. -4'],
    ['{0:D4}', -4, '-0004'],
  ])('%s with %d is %s', (pattern, value, expected) => {
    expect(formatAutoNumber(pattern, value)).toBe(expected);
  });

  it('shows the bare number when there is no pattern or one it cannot use', () => {
    for (const pattern of [
      undefined,
      null,
      '',
      '   ',
      'OPP-',
      '{1}',
      '{0:X}',
      '{0:N2}',
      'OPP-{0',
      'A}{0}',
      '{0:D99}',
    ])
      expect(formatAutoNumber(pattern, 1012), String(pattern)).toBe('1012');
  });
});

describe('isUsableAutoNumberPattern', () => {
  it.each(['OPP-{0}', '{0}', 'INV {0:D6}', '{0:d20}', `{0:${'0'.repeat(20)}}`, '{0}-{0}', '{{{0}}}'])(
    'uses %j',
    (pattern) => {
      expect(isUsableAutoNumberPattern(pattern)).toBe(true);
    },
  );

  it.each([
    undefined,
    null,
    '',
    '   ',
    'OPP-',
    '{{0}}',
    '{1}',
    '{0:X4}',
    '{0:N2}',
    '{0,5}',
    'OPP-{0',
    'A}{0}',
    '{0:D21}',
    `{0:${'0'.repeat(21)}}`,
  ])('cannot use %j', (pattern) => {
    expect(isUsableAutoNumberPattern(pattern)).toBe(false);
  });
});

describe('autoNumberFromDisplay', () => {
  it('answers at once for hostile patterns and long terms (no backtracking blow-up)', () => {
    expect(autoNumberFromDisplay('{0}{0}{0}{0}{0}{0}{0}', `${'1'.repeat(112)}x`)).toBeUndefined();
    expect(autoNumberFromDisplay('{0}{0:D6}{0}{0}{0}{0}{0}', '9'.repeat(150))).toBeUndefined();
    expect(autoNumberFromDisplay('OPP-{0}', `OPP-${'1'.repeat(200)}`)).toBeUndefined();
  });

  it('reads the number back from the text as shown, the pattern case-insensitively', () => {
    expect(autoNumberFromDisplay('OPP-{0}', 'OPP-1012')).toBe(1012);
    expect(autoNumberFromDisplay('OPP-{0}', 'opp-12')).toBe(12);
    expect(autoNumberFromDisplay('INV {0:D6}', 'INV 000042')).toBe(42);
    expect(autoNumberFromDisplay('INV {0:D6}', 'inv 42')).toBe(42);
    expect(autoNumberFromDisplay('{0}-{0}', '3-3')).toBe(3);
    expect(autoNumberFromDisplay('{{{0}}}', '{9}')).toBe(9);
    expect(autoNumberFromDisplay('a.b*{0}', 'A.B*5')).toBe(5);
  });

  it('takes the number alone too, padded or not', () => {
    expect(autoNumberFromDisplay('OPP-{0}', '1012')).toBe(1012);
    expect(autoNumberFromDisplay('INV {0:D6}', '000042')).toBe(42);
    expect(autoNumberFromDisplay(undefined, '77')).toBe(77);
  });

  it('finds nothing in text that is not such a display', () => {
    for (const [pattern, text] of [
      ['OPP-{0}', 'OPP-'],
      ['OPP-{0}', 'OPP-12x'],
      ['OPP-{0}', 'QUO-12'],
      ['OPP-{0}', 'OPP-1.5'],
      ['OPP-{0}', 'OPP--3'],
      ['{0}-{0}', '3-4'],
      ['OPP-{0}', 'OPP-99999999999999999999'],
      ['axb{0}', 'a.b1'],
      [undefined, 'twelve'],
    ] as const)
      expect(autoNumberFromDisplay(pattern, text), `${pattern} ${text}`).toBeUndefined();
  });
});
