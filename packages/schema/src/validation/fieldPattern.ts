import { RE2JS } from 're2js';

/**
 * A field's pattern, run in RE2 (re2js, a JavaScript port): the time to check a value grows with
 * the value's length alone, whatever the pattern, so no pattern can freeze the server or a browser
 * (issue 14, decision 0041). Patterns are written in JavaScript's syntax and translated; what RE2
 * cannot run in linear time (back-references, look-around) is refused when the field is saved.
 */
export type FieldPattern = { ok: true; matches(value: string): boolean } | { ok: false; message: string };

/** The longest pattern a field may have. */
export const fieldPatternMaxLength = 1000;

const cache = new Map<string, FieldPattern>();
const cacheLimit = 500;

/** The field's pattern ready to test whole values, or why it cannot be used. */
export function compileFieldPattern(pattern: string): FieldPattern {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  const compiled = compile(pattern);
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** The message for a pattern the field-schema editor must refuse, or undefined when it can be used. */
export function fieldPatternProblem(pattern: unknown): string | undefined {
  if (pattern === undefined || pattern === null || pattern === '') return undefined;
  if (typeof pattern !== 'string') return 'The pattern must be text.';
  const compiled = compileFieldPattern(pattern);
  return compiled.ok ? undefined : compiled.message;
}

function compile(pattern: string): FieldPattern {
  if (pattern.length > fieldPatternMaxLength)
    return refused(`it is longer than ${fieldPatternMaxLength} characters`);
  const unsupported = unsupportedFeature(pattern);
  if (unsupported) return refused(unsupported);
  let engine: RE2JS;
  try {
    engine = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (e) {
    const detail = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
    return refused(`it is not a valid regular expression (${detail})`);
  }
  // matches() tests the whole value, as if the pattern were written ^(?:…)$.
  return { ok: true, matches: (value) => engine.matches(value) };
}

const beyondLinearTime = 'cannot be checked in a time that grows only with the length of the value';

/**
 * The JavaScript features RE2 leaves out because they need backtracking: back-references and
 * look-around. Found before translating, which would otherwise read `\k<name>` as plain text.
 */
function unsupportedFeature(pattern: string): string | undefined {
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<'))
        return `back-references (\\1, \\k<name>) ${beyondLinearTime}`;
      i += 1;
    } else if (char === '(' && /^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) {
      return `look-ahead and look-behind ((?=, (?!, (?<=, (?<!) ${beyondLinearTime}`;
    }
  }
  return undefined;
}

function refused(reason: string): FieldPattern {
  return { ok: false, message: `The pattern cannot be used: ${reason}.` };
}
