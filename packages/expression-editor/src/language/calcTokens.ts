import type { StringStream } from '@codemirror/language';
import { isIdentPart, isIdentStart, KEYWORDS, OPERATORS, QUOTES } from '@plinth/calc/lexer';

/**
 * The token names of the editor's highlighter: the kinds of the real lexer (@plinth/calc
 * `syntax/lexer.ts`), plus `function` (a name followed by `(`), `comment` and `invalid`, which
 * the lexer skips or refuses. It reads with the lexer's own keywords, quotes and operators;
 * calcTokens.test.ts proves the two agree on every token kind.
 */
export type CalcTokenName =
  | 'ident'
  | 'function'
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
  | 'comment'
  | 'invalid';

/** Where a token that spans lines left off, and the template/hole nesting. */
export interface CalcTokenState {
  modes: ('template' | 'hole')[];
  open: 'comment' | 'string' | 'name' | 'param' | null;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string) =>
  c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0';

export const startCalcState = (): CalcTokenState => ({ modes: [], open: null });
export const copyCalcState = (s: CalcTokenState): CalcTokenState => ({ modes: [...s.modes], open: s.open });

/** Reads the rest of a quoted text; true when the closing quote was found on this line. */
function readQuoted(stream: StringStream): boolean {
  while (!stream.eol()) {
    const c = stream.next()!;
    if (QUOTES.has(c)) {
      if (QUOTES.has(stream.peek() ?? '')) {
        stream.next();
        continue;
      }
      return true;
    }
  }
  return false;
}

/** Reads the rest of a bracketed name; true when its `]` was found on this line. */
function readBracketed(stream: StringStream): boolean {
  while (!stream.eol()) {
    const c = stream.next()!;
    if (c === ']') {
      if (stream.peek() === ']') {
        stream.next();
        continue;
      }
      return true;
    }
  }
  return false;
}

function templateToken(stream: StringStream, state: CalcTokenState): CalcTokenName {
  const c = stream.peek()!;
  if (QUOTES.has(c) && !QUOTES.has(stream.string[stream.pos + 1] ?? '')) {
    stream.next();
    state.modes.pop();
    return 'tplEnd';
  }
  if (c === '{' && stream.string[stream.pos + 1] !== '{') {
    stream.next();
    state.modes.push('hole');
    return 'holeOpen';
  }
  while (!stream.eol()) {
    const d = stream.peek()!;
    const e = stream.string[stream.pos + 1] ?? '';
    if ((QUOTES.has(d) && QUOTES.has(e)) || (d === '{' && e === '{') || (d === '}' && e === '}')) {
      stream.pos += 2;
      continue;
    }
    if (QUOTES.has(d) || d === '{') break;
    if (d === '}') {
      if (stream.pos > stream.start) break;
      stream.next();
      return 'invalid';
    }
    stream.next();
  }
  return 'tplText';
}

/** Continues a token left open at the end of the previous line. */
function continueOpen(stream: StringStream, state: CalcTokenState): CalcTokenName {
  const open = state.open;
  if (open === 'comment') {
    if (stream.skipTo('*/')) {
      stream.pos += 2;
      state.open = null;
    } else stream.skipToEnd();
    return 'comment';
  }
  if (open === 'string') {
    if (readQuoted(stream)) state.open = null;
    return 'string';
  }
  if (readBracketed(stream)) state.open = null;
  return open === 'param' ? 'param' : 'ident';
}

/**
 * One token of a line, the way CodeMirror's StreamLanguage asks: advances the stream past it and
 * names it (null for whitespace). Follows the lexer's rules in the lexer's order.
 */
export function calcToken(stream: StringStream, state: CalcTokenState): CalcTokenName | null {
  if (state.open) return continueOpen(stream, state);
  if (state.modes[state.modes.length - 1] === 'template') return templateToken(stream, state);
  const c = stream.peek()!;
  const next = stream.string[stream.pos + 1] ?? '';
  if (isSpace(c)) {
    while (!stream.eol() && isSpace(stream.peek()!)) stream.next();
    return null;
  }
  if (c === '/' && next === '/') {
    stream.skipToEnd();
    return 'comment';
  }
  if (c === '/' && next === '*') {
    stream.pos += 2;
    state.open = 'comment';
    return continueOpen(stream, state);
  }
  if (c === '}' && state.modes[state.modes.length - 1] === 'hole') {
    stream.next();
    state.modes.pop();
    return 'holeClose';
  }
  if (c === '$' && QUOTES.has(next)) {
    stream.pos += 2;
    state.modes.push('template');
    return 'tplStart';
  }
  if (QUOTES.has(c)) {
    stream.next();
    if (!readQuoted(stream)) state.open = 'string';
    return 'string';
  }
  if (c === '[' || (c === '@' && next === '[')) {
    const kind = c === '@' ? 'param' : 'name';
    stream.pos += kind === 'param' ? 2 : 1;
    if (!readBracketed(stream)) state.open = kind;
    return kind === 'param' ? 'param' : 'ident';
  }
  if (c === '@') {
    stream.next();
    if (!isIdentStart(stream.peek() ?? '')) return 'invalid';
    while (!stream.eol() && isIdentPart(stream.peek()!)) stream.next();
    return 'param';
  }
  if (isIdentStart(c)) {
    while (!stream.eol() && isIdentPart(stream.peek()!)) stream.next();
    if (KEYWORDS.has(stream.current().toLowerCase())) return 'keyword';
    return /^\s*\(/.test(stream.string.slice(stream.pos)) ? 'function' : 'ident';
  }
  if (isDigit(c)) {
    stream.eatWhile(/[0-9]/);
    if (stream.peek() === '.' && isDigit(stream.string[stream.pos + 1])) {
      stream.next();
      stream.eatWhile(/[0-9]/);
    }
    if (!stream.eol() && isIdentPart(stream.peek()!)) {
      stream.eatWhile((ch) => isIdentPart(ch));
      return 'invalid';
    }
    return 'number';
  }
  if (c === '#') {
    const close = stream.string.indexOf('#', stream.pos + 1);
    if (close < 0) {
      stream.skipToEnd();
      return 'invalid';
    }
    stream.pos = close + 1;
    return 'date';
  }
  const op = OPERATORS.find((o) => stream.string.startsWith(o, stream.pos));
  stream.pos += op ? op.length : 1;
  return op ? 'op' : 'invalid';
}
