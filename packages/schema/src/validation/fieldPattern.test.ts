import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../metamodel/definitions.js';
import { compileFieldPattern, fieldPatternProblem } from './fieldPattern.js';
import { validateFieldValue } from './validateFieldValue.js';

const field = (pattern: string, type: FieldDef['type'] = 'MultilineText'): FieldDef => ({
  id: 1,
  name: 'Code',
  scriptName: 'code',
  type,
  storage: 'string',
  typeId: 1,
  isRequired: false,
  isReadOnly: false,
  pattern,
});

describe('field patterns run in linear time', () => {
  // Each of these takes seconds to years in a backtracking engine on the values below.
  const catastrophic = ['(a+)+', '(a*)*b', '(a|a)*c', '(.*a){12}', '(\\w+\\s?)+$', '\\d*\\d*\\d*x'];

  it.each(catastrophic)('checks %s against a 100,000-character value at once', (pattern) => {
    const value = `${'a'.repeat(99_999)}!`;
    const started = performance.now();
    const result = validateFieldValue(field(pattern), value);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.ok).toBe(false);
  });

  it('answers the issue case, (a+)+ on 27 and 30 characters, in milliseconds', () => {
    for (const length of [27, 30, 1000]) {
      const started = performance.now();
      expect(validateFieldValue(field('(a+)+', 'Text'), `${'a'.repeat(length)}b`).ok).toBe(false);
      expect(validateFieldValue(field('(a+)+', 'Text'), 'a'.repeat(length)).ok).toBe(true);
      expect(performance.now() - started).toBeLessThan(200);
    }
  });

  it('keeps JavaScript syntax: classes, escapes, named groups, Unicode', () => {
    const cases: [string, string, boolean][] = [
      ['[A-Z]{3}-\\d+', 'ABC-42', true],
      ['[A-Z]{3}-\\d+', 'AB-42', false],
      ['\\-\\d', '-1', true],
      ['(?<year>\\d{4})-\\d{2}', '2026-11', true],
      ['\\u00e9+', 'éé', true],
      ['\\p{L}+', 'héllo', true],
      ['.', '😀', true],
      ['a|b', 'ab', false],
    ];
    for (const [pattern, value, ok] of cases)
      expect(validateFieldValue(field(pattern, 'Text'), value).ok, `${pattern} on ${value}`).toBe(ok);
  });
});

describe('patterns refused when the field is saved', () => {
  it.each([
    ['(a)\\1', /back-references/],
    ['(?<x>a)\\k<x>', /back-references/],
    ['(?=a)a', /look-ahead and look-behind/],
    ['(?!a)b', /look-ahead and look-behind/],
    ['(?<!a)b', /look-ahead and look-behind/],
    ['([', /not a valid regular expression/],
    ['a)|(b', /not a valid regular expression/],
    ['a{1001}', /not a valid regular expression/],
    ['x'.repeat(1001), /longer than 1000 characters/],
  ])('refuses %s with a clear message', (pattern, reason) => {
    const message = fieldPatternProblem(pattern);
    expect(message).toMatch(/^The pattern cannot be used: /);
    expect(message).toMatch(reason);
  });

  it('accepts every pattern it can run, including nested repeats', () => {
    for (const pattern of ['', '\\d{4}', '(a+)+', '[A-Z]{2}\\d+', '^\\w+$'])
      expect(fieldPatternProblem(pattern), pattern).toBeUndefined();
    expect(fieldPatternProblem(42)).toBe('The pattern must be text.');
  });

  it('treats a stored pattern it cannot run as no pattern (an old field still saves)', () => {
    expect(compileFieldPattern('(a)\\1').ok).toBe(false);
    expect(validateFieldValue(field('(a)\\1', 'Text'), 'anything')).toEqual({ ok: true, value: 'anything' });
  });
});
