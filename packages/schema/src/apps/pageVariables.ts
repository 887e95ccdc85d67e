import {
  invalidDateMessage,
  invalidDateTimeMessage,
  invalidNumberMessage,
  invalidTimeMessage,
  invalidValueMessage,
  rangeMessage,
  tooLongMessage,
} from '../validation/messages.js';
import { parseDateText, parseDateTimeText, parseTimeText } from '../validation/validateTemporal.js';
import { builtInVariables, type PageVariable, type VariableType } from './pageComponents.js';

/**
 * A page variable's value as the builder types it (spec 01 §5: values must match the type), read
 * into the value stored with the variable. Decision 0119 gives the text forms.
 */
export type PageVariableValueResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Int32 bounds, and the decimal bounds of spec 01 §9 (±1e12), for Decimal and Currency. */
const int32 = { min: -2_147_483_648, max: 2_147_483_647 };
const decimalLimit = 1e12;
/** Spec 01 §9: text max 1000 by default. */
export const pageVariableStringMax = 1000;

const integerText = /^-?\d+$/;
const decimalText = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

type One = { ok: true; value: unknown } | { ok: false; message: string };
const ok = (value: unknown): One => ({ ok: true, value });
const no = (message: string): One => ({ ok: false, message });

function readOne(type: VariableType, text: string): One {
  const t = type === 'String' ? text : text.trim();
  switch (type) {
    case 'Bool': {
      const lower = t.toLowerCase();
      return lower === 'true' ? ok(true) : lower === 'false' ? ok(false) : no(invalidValueMessage);
    }
    case 'Int32': {
      if (!integerText.test(t)) return no(invalidNumberMessage);
      const n = Number(t);
      return n < int32.min || n > int32.max ? no(rangeMessage(int32.min, int32.max)) : ok(n + 0);
    }
    case 'Decimal':
    case 'Currency': {
      if (!decimalText.test(t)) return no(invalidNumberMessage);
      const n = Number(t);
      return Math.abs(n) > decimalLimit ? no(rangeMessage(-decimalLimit, decimalLimit)) : ok(n + 0);
    }
    case 'Date': {
      const date = parseDateText(t);
      return date === undefined ? no(invalidDateMessage) : ok(date);
    }
    case 'DateTime': {
      const dateTime = parseDateTimeText(t);
      return dateTime === undefined ? no(invalidDateTimeMessage) : ok(dateTime);
    }
    case 'Time': {
      const time = parseTimeText(t);
      return time === undefined ? no(invalidTimeMessage) : ok(time);
    }
    case 'Entity': {
      // A record is given by its id.
      if (!/^\d+$/.test(t) || Number(t) < 1 || !Number.isSafeInteger(Number(t)))
        return no(invalidValueMessage);
      return ok(Number(t));
    }
    case 'String':
      return t.length > pageVariableStringMax ? no(tooLongMessage(pageVariableStringMax)) : ok(t);
  }
}

/**
 * Reads a page variable's value from its text: one value, or for a list one value per line (blank
 * lines skipped). Empty text is no value (`undefined`). A value that does not match the type is the
 * spec's message for that type, and nothing is stored.
 *
 * @example readPageVariableValue('Int32', false, '42') // { ok: true, value: 42 }
 * @example readPageVariableValue('Date', true, '2026-01-31\n2026-02-30') // { ok: false, message: 'The value is not a valid date.' }
 */
export function readPageVariableValue(
  type: VariableType,
  isList: boolean,
  text: string,
): PageVariableValueResult {
  if (!isList) return text.trim() === '' ? ok(undefined) : readOne(type, text);
  const values: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const one = readOne(type, line);
    if (!one.ok) return one;
    values.push(one.value);
  }
  return ok(values.length === 0 ? undefined : values);
}

/** The text a stored value is edited as: the inverse of `readPageVariableValue`. */
export function pageVariableValueText(isList: boolean, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (isList) return Array.isArray(value) ? value.map((v) => String(v)).join('\n') : String(value);
  return String(value);
}

/** Whether a stored value still matches its variable's type (a type changed after the value was set). */
export function isPageVariableValueValid(variable: Pick<PageVariable, 'type' | 'isList' | 'value'>): boolean {
  return readPageVariableValue(
    variable.type,
    variable.isList,
    pageVariableValueText(variable.isList, variable.value),
  ).ok;
}

/** The variable-name messages (spec 01 is silent on their words; decision 0119). */
export const pageVariableNameMessages = {
  format:
    'A variable name starts with a letter or underscore and holds only letters, digits and underscores.',
  duplicate: 'Another variable already has this name.',
  builtIn: 'This name is kept for the variable every page has.',
} as const;

/** What is wrong with a page variable's name among the page's other variable names, or null. */
export function pageVariableNameProblem(name: string, otherNames: readonly string[]): string | null {
  if (!/^[A-Za-z_]\w{0,99}$/.test(name)) return pageVariableNameMessages.format;
  const lower = name.toLowerCase();
  if (builtInVariables.some((b) => b.toLowerCase() === lower)) return pageVariableNameMessages.builtIn;
  // Variable names match case-insensitively in expressions (spec 03 §5).
  if (otherNames.some((n) => n.toLowerCase() === lower)) return pageVariableNameMessages.duplicate;
  return null;
}
