import type { FieldDef } from '../metamodel/definitions.js';
import { fieldLimits } from '../metamodel/fieldTypes.js';
import { compileFieldPattern } from './fieldPattern.js';
import { accepted, type FieldValueResult, rejected } from './fieldValueResult.js';
import { invalidFormatMessage, invalidValueMessage, tooLongMessage, tooShortMessage } from './messages.js';

export type TextFieldType = 'Text' | 'MultilineText' | 'RichText';

type TextBounds = Pick<FieldDef, 'type' | 'minLength' | 'maxLength'>;

/**
 * The longest value a string field accepts: its configured `maxLength`, never more than the type's
 * default (1000 for Text, 100000 for MultilineText and RichText). Lengths count Unicode code points,
 * so an emoji is one character.
 */
export function effectiveMaxLength(field: TextBounds): number {
  const limit = field.type === 'Text' ? fieldLimits.textMaxLength : fieldLimits.longTextMaxLength;
  const configured = field.maxLength;
  if (typeof configured !== 'number' || !Number.isFinite(configured) || configured < 1) return limit;
  return Math.min(Math.floor(configured), limit);
}

/** The shortest non-empty value a string field accepts, or undefined when it sets no minimum. */
export function effectiveMinLength(field: TextBounds): number | undefined {
  const configured = field.minLength;
  if (typeof configured !== 'number' || !Number.isFinite(configured) || configured < 1) return undefined;
  return Math.floor(configured);
}

/**
 * True when a string holds nothing to show: blank for plain text; for rich text, blank once tags,
 * `&nbsp;` (and its numeric forms) and U+00A0 are stripped. Runs in linear time on any input.
 */
export function isBlankText(value: string, isRichText: boolean): boolean {
  if (!isRichText) return value.trim() === '';
  let i = 0;
  while (i < value.length) {
    const char = value[i]!;
    if (char === '<') {
      const end = value.indexOf('>', i + 1);
      // An unclosed '<' is text the user sees.
      if (end < 0) return false;
      i = end + 1;
    } else if (char === '&') {
      const entity = nbspEntityLength(value, i);
      if (entity === 0) return false;
      i += entity;
    } else if (char.trim() === '') {
      i += 1;
    } else {
      return false;
    }
  }
  return true;
}

const nbspEntities = ['&nbsp;', '&#160;', '&#xa0;'];

function nbspEntityLength(value: string, at: number): number {
  for (const entity of nbspEntities) {
    if (value.slice(at, at + entity.length).toLowerCase() === entity) return entity.length;
  }
  return 0;
}

/** Validates a non-empty string for a Text, MultilineText or RichText field (emptiness is decided by the caller). */
export function validateTextValue(field: FieldDef, value: string): FieldValueResult {
  const maxLength = effectiveMaxLength(field);
  // The server rejects an over-long value rather than truncating what the user sent.
  if (exceedsLength(value, maxLength)) return rejected(tooLongMessage(maxLength));
  if (hasUnstorableCharacters(value)) return rejected(invalidValueMessage);
  const minLength = effectiveMinLength(field);
  if (minLength !== undefined && countCodePoints(value) < minLength) {
    return rejected(tooShortMessage(minLength));
  }
  const pattern = typeof field.pattern === 'string' && field.pattern !== '' ? field.pattern : null;
  if (pattern !== null && !matchesPattern(pattern, value)) {
    return rejected(invalidFormatMessage(field.patternDescription));
  }
  return accepted(value);
}

function exceedsLength(value: string, maxLength: number): boolean {
  // A string has at least length/2 and at most length code points: skip counting when that decides.
  if (value.length <= maxLength) return false;
  if (value.length > maxLength * 2) return true;
  return countCodePoints(value) > maxLength;
}

/**
 * NUL characters and unpaired surrogates cannot be stored in PostgreSQL text or jsonb; rejecting
 * them here turns a database error into 'The value is invalid.'.
 */
function hasUnstorableCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0) return true;
    if (code >= 0xdc00 && code <= 0xdfff) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i += 1;
    }
  }
  return false;
}

function countCodePoints(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const isPairStart = code >= 0xd800 && code <= 0xdbff;
    const next = value.charCodeAt(i + 1);
    if (isPairStart && next >= 0xdc00 && next <= 0xdfff) i += 1;
    count += 1;
  }
  return count;
}

/**
 * True when the value matches the field's whole pattern, run in linear time (fieldPattern.ts). A
 * stored pattern that cannot be used (saved before the field-schema rules refused it) counts as no
 * pattern rather than blocking every save.
 */
function matchesPattern(pattern: string, value: string): boolean {
  const compiled = compileFieldPattern(pattern);
  if (!compiled.ok) return true;
  try {
    return compiled.matches(value);
  } catch {
    return true;
  }
}
