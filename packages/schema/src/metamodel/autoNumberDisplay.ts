// An auto-number field's display pattern (`autoNumberDisplayPattern`, spec 01 §3), read the way
// .NET's composite formatting reads `{0}`: decision 0023.
//
// - `{0}` is the number; `{0:D6}` (or `d6`) and `{0:000000}` pad it with zeros to 6 digits
//   (1–20); `{{` and `}}` are literal braces; everything else is literal text.
// - A pattern without a `{0}`, or with any other placeholder or a lone brace, cannot be used: a
//   field is not saved with one, and one stored before that check shows the number bare, so a
//   mistyped pattern never hides the number.

type Token = { literal: string } | { width: number };

const maxWidth = 20;

/** The pattern's literal texts and number places, or undefined when it cannot be used. */
function tokensOf(pattern: string | null | undefined): Token[] | undefined {
  if (!pattern?.trim()) return undefined;
  const tokens: Token[] = [];
  let literal = '';
  let hasNumber = false;
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if ((c === '{' || c === '}') && pattern[i + 1] === c) {
      literal += c;
      i += 2;
      continue;
    }
    if (c === '}') return undefined;
    if (c !== '{') {
      literal += c;
      i++;
      continue;
    }
    const end = pattern.indexOf('}', i);
    if (end < 0) return undefined;
    const width = widthOf(pattern.slice(i + 1, end));
    if (width === undefined) return undefined;
    if (literal) tokens.push({ literal });
    literal = '';
    tokens.push({ width });
    hasNumber = true;
    i = end + 1;
  }
  if (literal) tokens.push({ literal });
  return hasNumber ? tokens : undefined;
}

/** The zero-padded width of a placeholder's inside ('0', '0:D6', '0:000'); undefined when not one. */
function widthOf(inside: string): number | undefined {
  if (inside === '0') return 0;
  const format = /^0:(?:[Dd](\d{1,2})|(0+))$/.exec(inside);
  if (!format) return undefined;
  const width = format[1] === undefined ? format[2]!.length : Number(format[1]);
  return width <= maxWidth ? width : undefined;
}

/**
 * True when the pattern shows the number: at least one `{0}`, `{0:D6}` or `{0:000000}` (up to 20
 * digits) and only doubled braces besides. A blank pattern is not usable (the number shows bare).
 *
 * @example isUsableAutoNumberPattern('OPP-{0}') // true
 * @example isUsableAutoNumberPattern('OPP-{1}') // false
 */
export function isUsableAutoNumberPattern(pattern: string | null | undefined): boolean {
  return tokensOf(pattern) !== undefined;
}

function padded(value: number, width: number): string {
  const digits = String(Math.abs(value)).padStart(width, '0');
  return value < 0 ? `-${digits}` : digits;
}

/**
 * An auto-number as its field shows it; the bare number without a usable pattern.
 *
 * @example formatAutoNumber('OPP-{0}', 1012) // 'OPP-1012'
 * @example formatAutoNumber('INV {0:D6}', 42) // 'INV 000042'
 */
export function formatAutoNumber(pattern: string | null | undefined, value: number): string {
  const tokens = tokensOf(pattern);
  if (!tokens || !Number.isSafeInteger(value)) return String(value);
  return tokens.map((t) => ('literal' in t ? t.literal : padded(value, t.width))).join('');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The number a text shows under a pattern: the whole text as the pattern displays it (its literal
 * parts in any case), or the number alone; undefined for anything else. Lets a quick search for
 * 'OPP-1012' find auto-number 1012.
 */
export function autoNumberFromDisplay(pattern: string | null | undefined, text: string): number | undefined {
  const wanted = text.trim();
  const alone = /^\d{1,15}$/.test(wanted) ? Number(wanted) : undefined;
  if (alone !== undefined) return alone;
  const tokens = tokensOf(pattern);
  if (!tokens) return undefined;
  // Bounded before any matching: two numbers side by side cannot be told apart (and would make
  // the match backtrack exponentially), and no text longer than the pattern can show is tried.
  const adjacent = tokens.some((t, i) => !('literal' in t) && i > 0 && !('literal' in tokens[i - 1]!));
  const literalLength = tokens.reduce((n, t) => n + ('literal' in t ? t.literal.length : 0), 0);
  const numbers = tokens.length - tokens.filter((t) => 'literal' in t).length;
  if (adjacent || wanted.length > literalLength + 15 * numbers) return undefined;
  const shape = tokens.map((t) => ('literal' in t ? escapeRegExp(t.literal) : '(\\d{1,15})')).join('');
  const match = new RegExp(`^${shape}$`, 'i').exec(wanted);
  if (!match) return undefined;
  const found = new Set(match.slice(1).map(Number));
  return found.size === 1 ? [...found][0] : undefined;
}
