import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../metamodel/definitions.js';
import type { FieldType } from '../metamodel/fieldTypes.js';
import { validateFieldValue } from './validateFieldValue.js';

function field(type: FieldType, bounds: Partial<FieldDef> = {}): FieldDef {
  return {
    id: 1,
    name: 'F',
    scriptName: 'F',
    type,
    storage: 'string',
    typeId: 9,
    isRequired: false,
    isReadOnly: false,
    ...bounds,
  };
}

const invalid = { ok: false, message: 'The value is invalid.' };

describe('validateFieldValue for string fields', () => {
  it('keeps text as the user typed it', () => {
    expect(validateFieldValue(field('Text'), '  Ada  ')).toEqual({ ok: true, value: '  Ada  ' });
  });

  it('stores an empty or blank optional value as null', () => {
    for (const input of [null, undefined, '', '   ', '\n\t', '\u00a0']) {
      expect(validateFieldValue(field('Text'), input)).toEqual({ ok: true, value: null });
    }
  });

  it('requires a value when the field is required or the component mandatory', () => {
    const required = { ok: false, message: 'A value is required.' };
    expect(validateFieldValue(field('Text', { isRequired: true }), '  ')).toEqual(required);
    expect(validateFieldValue(field('MultilineText', { isRequired: true }), null)).toEqual(required);
    expect(validateFieldValue(field('Text'), '', { mandatory: true })).toEqual(required);
    expect(validateFieldValue(field('Text'), 'x', { mandatory: true })).toEqual({ ok: true, value: 'x' });
  });

  it('treats rich text with only tags and non-breaking spaces as empty', () => {
    const richText = field('RichText', { isRequired: true });
    for (const input of ['<p></p>', '<p>&nbsp;</p>', '<div><br/>&NBSP;&#160;&#xA0;\u00a0 </div>']) {
      expect(validateFieldValue(richText, input)).toEqual({ ok: false, message: 'A value is required.' });
    }
    expect(validateFieldValue(field('RichText'), '<p>&nbsp;</p>')).toEqual({ ok: true, value: null });
    expect(validateFieldValue(richText, '<p>Hi</p>')).toEqual({ ok: true, value: '<p>Hi</p>' });
    expect(validateFieldValue(richText, '<p>&amp;</p>')).toEqual({ ok: true, value: '<p>&amp;</p>' });
    expect(validateFieldValue(richText, '<p>a < b')).toEqual({ ok: true, value: '<p>a < b' });
  });

  it('rejects a value over the default maximum length (1000 for Text, 100000 for long text)', () => {
    expect(validateFieldValue(field('Text'), 'a'.repeat(1000))).toEqual({
      ok: true,
      value: 'a'.repeat(1000),
    });
    expect(validateFieldValue(field('Text'), 'a'.repeat(1001))).toEqual({
      ok: false,
      message: 'The value is too long; the maximum length is 1000 characters.',
    });
    expect(validateFieldValue(field('MultilineText'), 'a'.repeat(100_000)).ok).toBe(true);
    for (const type of ['MultilineText', 'RichText'] as const) {
      expect(validateFieldValue(field(type), 'a'.repeat(100_001))).toEqual({
        ok: false,
        message: 'The value is too long; the maximum length is 100000 characters.',
      });
    }
  });

  it('uses the configured maximum length, never above the default', () => {
    expect(validateFieldValue(field('Text', { maxLength: 5 }), 'abcdef')).toEqual({
      ok: false,
      message: 'The value is too long; the maximum length is 5 characters.',
    });
    expect(validateFieldValue(field('Text', { maxLength: 5000 }), 'a'.repeat(1001))).toEqual({
      ok: false,
      message: 'The value is too long; the maximum length is 1000 characters.',
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateFieldValue(field('Text', { maxLength: 2 }), '😀😀')).toEqual({ ok: true, value: '😀😀' });
    expect(validateFieldValue(field('Text', { maxLength: 2 }), '😀😀😀').ok).toBe(false);
    expect(validateFieldValue(field('Text', { minLength: 3 }), '😀😀')).toEqual({
      ok: false,
      message: 'The value is too short; the minimum length is 3 characters.',
    });
  });

  it('rejects a value under the minimum length', () => {
    expect(validateFieldValue(field('Text', { minLength: 3 }), 'ab')).toEqual({
      ok: false,
      message: 'The value is too short; the minimum length is 3 characters.',
    });
    expect(validateFieldValue(field('Text', { minLength: 3 }), 'abc')).toEqual({ ok: true, value: 'abc' });
    expect(validateFieldValue(field('Text', { minLength: 3 }), '')).toEqual({ ok: true, value: null });
  });

  it('matches the pattern against the whole value', () => {
    const postcode = field('Text', { pattern: '\\d{4}', patternDescription: 'Use four digits.' });
    expect(validateFieldValue(postcode, '2000')).toEqual({ ok: true, value: '2000' });
    for (const input of ['20001', 'x2000', '200']) {
      expect(validateFieldValue(postcode, input)).toEqual({
        ok: false,
        message: 'Invalid format. Use four digits.',
      });
    }
    expect(validateFieldValue(field('Text', { pattern: 'a|b' }), 'ab')).toEqual({
      ok: false,
      message: 'Invalid format.',
    });
  });

  it('keeps a pattern from escaping its anchors', () => {
    expect(validateFieldValue(field('Text', { pattern: 'a)|(b' }), 'xxb')).toEqual({
      ok: true,
      value: 'xxb',
    });
  });

  it('treats an invalid pattern as no pattern', () => {
    expect(validateFieldValue(field('Text', { pattern: '([' }), 'anything')).toEqual({
      ok: true,
      value: 'anything',
    });
  });

  it('accepts patterns written without Unicode mode', () => {
    expect(validateFieldValue(field('Text', { pattern: '\\-\\d' }), '-1')).toEqual({ ok: true, value: '-1' });
    expect(validateFieldValue(field('Text', { pattern: '\\-\\d' }), '1').ok).toBe(false);
  });

  it('checks length before format', () => {
    const f = field('Text', { maxLength: 3, pattern: '\\d+' });
    expect(validateFieldValue(f, 'abcd')).toEqual({
      ok: false,
      message: 'The value is too long; the maximum length is 3 characters.',
    });
  });

  it('rejects inputs that are not strings', () => {
    const hostile = {
      toString() {
        throw new Error('boom');
      },
    };
    for (const input of [42, true, {}, [], ['a'], hostile, Symbol('s'), 10n, () => 'x']) {
      expect(validateFieldValue(field('Text'), input)).toEqual(invalid);
    }
  });

  it('rejects characters the database cannot store: NUL and unpaired surrogates', () => {
    for (const input of ['a\u0000b', 'x\ud800', '\udc00y', '\ud83d\ud83d']) {
      expect(validateFieldValue(field('Text'), input)).toEqual(invalid);
    }
    expect(validateFieldValue(field('Text'), 'ok 😀')).toEqual({ ok: true, value: 'ok 😀' });
  });

  it('handles huge hostile strings without throwing', () => {
    const huge = '<'.repeat(2_000_000);
    expect(validateFieldValue(field('RichText'), huge)).toEqual({
      ok: false,
      message: 'The value is too long; the maximum length is 100000 characters.',
    });
    expect(validateFieldValue(field('RichText', { isRequired: true }), '<b>'.repeat(1_000_000))).toEqual({
      ok: false,
      message: 'A value is required.',
    });
    expect(validateFieldValue(field('Text'), '__proto__')).toEqual({ ok: true, value: '__proto__' });
  });
});
