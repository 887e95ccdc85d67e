import { lex } from './syntax/lexer.js';

/**
 * The names an expression refers to — bare and bracketed names that are not function calls or
 * members after a `.`, and `@` parameters — found by the lexer, so text inside strings and comments
 * is never a reference (spec 03 §5, "Expression references"). Works on expressions that do not parse.
 * Each name once, as first written.
 */
export function findReferences(expr: string): string[] {
  const lexed = lex(typeof expr === 'string' ? expr : '');
  const tokens = lexed.ok ? lexed.tokens : [];
  const seen = new Map<string, string>();
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const afterDot = prev?.kind === 'op' && prev.value === '.';
    const isCall = !t.bracketed && next?.kind === 'op' && next.value === '(';
    if ((t.kind === 'ident' && !afterDot && !isCall) || t.kind === 'param') {
      const key = t.value.toLowerCase();
      if (!seen.has(key)) seen.set(key, t.value);
    }
  });
  return [...seen.values()];
}

/**
 * Whether an expression refers to a page variable: names match case-insensitively, and a
 * `SelectedRecord` reference matches the `SelectedRecords` variable.
 */
export function referencesVariable(expr: string, variableName: string): boolean {
  const target = variableName.toLowerCase();
  return findReferences(expr).some((name) => {
    const n = name.toLowerCase();
    return n === target || (target === 'selectedrecords' && n === 'selectedrecord');
  });
}
