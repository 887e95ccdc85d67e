/**
 * Text folded as the trigram index folds it (SQLite FTS5 `trigram`, case-insensitive): each
 * character to its lower case where that is one character, others left as they are, no removal
 * of diacritics. A term is in a text, as the index's phrase query finds it, when the folded term
 * is in the folded text.
 */
export function searchFold(text: string): string {
  // Printable ASCII (the common case) folds natively.
  if (!/[^\x20-\x7e\t\n\r]/.test(text)) return text.toLowerCase();
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += lower.length === ch.length || [...lower].length === 1 ? lower : ch;
  }
  return out;
}

/**
 * `plinth_search_contains(text, foldedTerm)`, SQLite's test of one record's search text against
 * a term without the index: 1 when the folded term is in the folded text.
 */
export function searchContains(text: unknown, foldedTerm: unknown): number {
  if (typeof text !== 'string' || typeof foldedTerm !== 'string') return 0;
  return searchFold(text).includes(foldedTerm) ? 1 : 0;
}
