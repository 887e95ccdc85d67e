import type { Span } from './ast.js';

export type TokenKind =
  | 'ident'
  | 'keyword'
  | 'param'
  | 'number'
  | 'string'
  | 'date'
  | 'op'
  | 'tplStart'
  | 'tplText'
  | 'holeOpen'
  | 'holeClose'
  | 'tplEnd'
  | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** Names unescaped, keywords lower-cased, strings unescaped, date literals as written inside `#`. */
  readonly value: string;
  readonly bracketed: boolean;
  readonly span: Span;
}

export const KEYWORDS = new Set([
  'and',
  'or',
  'not',
  'like',
  'is',
  'null',
  'in',
  'case',
  'when',
  'then',
  'else',
  'end',
  'let',
  'select',
  'where',
  'order',
  'by',
  'asc',
  'desc',
  'true',
  'false',
]);

export type LexResult =
  | { readonly ok: true; readonly tokens: Token[] }
  | { readonly ok: false; readonly reason: 'syntax' | 'tooDeep'; readonly span: Span };

const MAX_NESTING = 256;
/** The quote characters a text opens and closes with (typographic ones too). */
export const QUOTES: ReadonlySet<string> = new Set(["'", '\u2018', '\u2019']);
/** The operators and punctuation, longest first, as the lexer tries them. */
export const OPERATORS: readonly string[] = [
  '<>',
  '!=',
  '<=',
  '>=',
  '||',
  '&&',
  '(',
  ')',
  ',',
  '.',
  '=',
  '<',
  '>',
  '&',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
];

export const isIdentStart = (c: string) => /[\p{L}_]/u.test(c);
export const isIdentPart = (c: string) => /[\p{L}\p{N}_]/u.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

type Mode = { kind: 'template' } | { kind: 'hole' };

/**
 * Splits source into tokens without recursion. Nesting (parentheses, template holes, `case … end`)
 * is counted here so that an over-deep expression is rejected before the parser does any work.
 */
export function lex(src: string): LexResult {
  const tokens: Token[] = [];
  const modes: Mode[] = [];
  let depth = 0;
  let i = 0;
  const push = (kind: TokenKind, value: string, start: number, bracketed = false) =>
    tokens.push({ kind, value, bracketed, span: { start, end: i } });
  const fail = (start: number, end = start + 1): LexResult => ({
    ok: false,
    reason: 'syntax',
    span: { start: Math.min(start, src.length), end: Math.min(end, src.length) },
  });
  const deeper = (start: number): LexResult | undefined => {
    depth += 1;
    return depth > MAX_NESTING
      ? { ok: false, reason: 'tooDeep', span: { start, end: start + 1 } }
      : undefined;
  };

  while (i <= src.length) {
    const mode = modes[modes.length - 1];
    if (mode?.kind === 'template') {
      // Inside template text: up to `{`, or the closing quote.
      const start = i;
      let text = '';
      for (;;) {
        const c = src[i];
        if (c === undefined) return fail(src.length, src.length);
        if (QUOTES.has(c)) {
          if (QUOTES.has(src[i + 1] ?? '')) {
            text += "'";
            i += 2;
            continue;
          }
          break;
        }
        if (c === '{' && src[i + 1] === '{') {
          text += '{';
          i += 2;
          continue;
        }
        if (c === '}' && src[i + 1] === '}') {
          text += '}';
          i += 2;
          continue;
        }
        if (c === '}') return fail(i);
        if (c === '{') break;
        text += c;
        i += 1;
      }
      if (text !== '') push('tplText', text, start);
      const s = i;
      if (src[i] === '{') {
        const tooDeep = deeper(i);
        if (tooDeep) return tooDeep;
        i += 1;
        push('holeOpen', '{', s);
        modes.push({ kind: 'hole' });
      } else {
        i += 1;
        push('tplEnd', "'", s);
        modes.pop();
        depth -= 1;
      }
      continue;
    }

    const c = src[i];
    if (c === undefined) {
      if (modes.length > 0) return fail(src.length, src.length);
      tokens.push({ kind: 'eof', value: '', bracketed: false, span: { start: src.length, end: src.length } });
      return { ok: true, tokens };
    }
    const start = i;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0') {
      i += 1;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n' && src[i] !== '\r') i += 1;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const close = src.indexOf('*/', i + 2);
      if (close < 0) return fail(src.length, src.length);
      i = close + 2;
      continue;
    }
    if (c === '}' && mode?.kind === 'hole') {
      i += 1;
      push('holeClose', '}', start);
      modes.pop();
      depth -= 1;
      continue;
    }
    if (c === '$' && QUOTES.has(src[i + 1] ?? '')) {
      const tooDeep = deeper(i);
      if (tooDeep) return tooDeep;
      i += 2;
      push('tplStart', "$'", start);
      modes.push({ kind: 'template' });
      continue;
    }
    if (QUOTES.has(c)) {
      let text = '';
      i += 1;
      for (;;) {
        const d = src[i];
        if (d === undefined) return fail(src.length, src.length);
        if (QUOTES.has(d)) {
          if (QUOTES.has(src[i + 1] ?? '')) {
            text += "'";
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        text += d;
        i += 1;
      }
      push('string', text, start);
      continue;
    }
    if (c === '[' || (c === '@' && src[i + 1] === '[')) {
      const isParam = c === '@';
      i += isParam ? 2 : 1;
      let text = '';
      for (;;) {
        const d = src[i];
        if (d === undefined) return fail(src.length, src.length);
        if (d === ']') {
          if (src[i + 1] === ']') {
            text += ']';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        text += d;
        i += 1;
      }
      push(isParam ? 'param' : 'ident', text, start, true);
      continue;
    }
    if (c === '@') {
      i += 1;
      if (!isIdentStart(src[i] ?? '')) return fail(start);
      while (i < src.length && isIdentPart(src[i]!)) i += 1;
      push('param', src.slice(start + 1, i), start);
      continue;
    }
    if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i]!)) i += 1;
      const word = src.slice(start, i);
      const lower = word.toLowerCase();
      if (KEYWORDS.has(lower)) {
        if (lower === 'case') {
          const tooDeep = deeper(start);
          if (tooDeep) return tooDeep;
        } else if (lower === 'end') depth -= 1;
        push('keyword', lower, start);
      } else push('ident', word, start);
      continue;
    }
    if (isDigit(c)) {
      while (isDigit(src[i])) i += 1;
      if (src[i] === '.' && isDigit(src[i + 1])) {
        i += 1;
        while (isDigit(src[i])) i += 1;
      }
      if (isIdentPart(src[i] ?? ' ')) return fail(i);
      push('number', src.slice(start, i), start);
      continue;
    }
    if (c === '#') {
      const close = src.indexOf('#', i + 1);
      const newline = src.slice(i + 1, close < 0 ? undefined : close).search(/[\r\n]/);
      if (close < 0 || newline >= 0) return fail(src.length, src.length);
      i = close + 1;
      push('date', src.slice(start + 1, close), start);
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      if (op === '(') {
        const tooDeep = deeper(start);
        if (tooDeep) return tooDeep;
      } else if (op === ')') depth -= 1;
      i += op.length;
      push('op', op, start);
      continue;
    }
    return fail(start);
  }
  return fail(src.length, src.length);
}
