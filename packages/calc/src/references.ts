import { lex, type Token } from './syntax/lexer.js';
import { printName } from './syntax/printer.js';

/**
 * The names an expression refers to — bare and bracketed names that are not function calls or
 * members after a `.`, and `@` parameters — found by the lexer, so text inside strings and comments
 * is never a reference (spec 03 §5, "Expression references"). Works on expressions that do not parse.
 * Each name once, as first written.
 */
export function findReferences(expr: string): string[] {
  const seen = new Map<string, string>();
  for (const t of referenceTokens(expr)) {
    const key = t.value.toLowerCase();
    if (!seen.has(key)) seen.set(key, t.value);
  }
  return [...seen.values()];
}

/** The tokens of an expression that name something it refers to (see `findReferences`). */
function referenceTokens(expr: string): Token[] {
  const lexed = lex(typeof expr === 'string' ? expr : '');
  const tokens = lexed.ok ? lexed.tokens : [];
  return tokens.filter((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const afterDot = prev?.kind === 'op' && prev.value === '.';
    const isCall = !t.bracketed && next?.kind === 'op' && next.value === '(';
    const isLetName = prev?.kind === 'keyword' && prev.value === 'let';
    return (t.kind === 'ident' && !afterDot && !isCall && !isLetName) || t.kind === 'param';
  });
}

/**
 * The expression with every reference to a renamed variable written with its new name (names
 * match case-insensitively; `@` parameters keep their `@`). An expression that binds the old name
 * with `let` is returned unchanged: its references there are the `let`'s, not the variable's.
 */
export function renameReferences(expr: string, from: string, to: string): string {
  const lexed = lex(typeof expr === 'string' ? expr : '');
  if (!lexed.ok) return expr;
  const old = from.toLowerCase();
  const bindsOld = lexed.tokens.some(
    (t, i) => t.kind === 'ident' && t.value.toLowerCase() === old && lexed.tokens[i - 1]?.value === 'let',
  );
  if (bindsOld) return expr;
  let out = expr;
  // From the end, so earlier spans stay where they were.
  for (const t of referenceTokens(expr).reverse()) {
    if (t.value.toLowerCase() !== old) continue;
    const name = printName(to, t.bracketed);
    out = `${out.slice(0, t.span.start)}${t.kind === 'param' ? '@' : ''}${name}${out.slice(t.span.end)}`;
  }
  return out;
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
