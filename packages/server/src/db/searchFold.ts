import Database from 'better-sqlite3';

/**
 * Text folded as SQLite's FTS5 `trigram` index folds it (case folded, diacritics kept): a term is in
 * a text, as the index's phrase finds it, when the folded term is in the folded text. The index's own
 * table of Unicode cases, not JavaScript's, is read from SQLite once (decision 0025).
 */
export function searchFold(text: string): string {
  // Printable ASCII (the common case) folds as JavaScript folds it.
  if (!/[^\x20-\x7e\t\n\r]/.test(text)) return text.toLowerCase();
  const { map, pattern, divergent } = foldTable();
  // So does text without a character the two fold apart: JavaScript's folding is native and fast.
  divergent.lastIndex = 0;
  if (!divergent.test(text)) return text.toLowerCase();
  pattern.lastIndex = 0;
  return text.replace(pattern, (ch) => map.get(ch) ?? ch);
}

/**
 * `plinth_search_contains(text, foldedTerm)`, SQLite's test of one record's search text against
 * a term without the index: 1 when the folded term is in the folded text.
 */
export function searchContains(text: unknown, foldedTerm: unknown): number {
  if (typeof text !== 'string' || typeof foldedTerm !== 'string') return 0;
  return searchFold(text).includes(foldedTerm) ? 1 : 0;
}

interface FoldTable {
  /** Each character the index folds, to what it folds it to. */
  map: Map<string, string>;
  /** Any character of the map. */
  pattern: RegExp;
  /** Any character JavaScript's `toLowerCase` folds otherwise than the index. */
  divergent: RegExp;
}

let table: FoldTable | undefined;

function foldTable(): FoldTable {
  if (table) return table;
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'trigram');
      CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = db.prepare('INSERT INTO t (rowid, body) VALUES (?, ?)');
    db.transaction(() => {
      for (let c = 0; c <= 0x1ffff; c++) {
        if (c >= 0xd800 && c <= 0xdfff) continue;
        const ch = String.fromCodePoint(c);
        if (ch.toLowerCase() !== ch || ch.toUpperCase() !== ch) insert.run(c, ch + ch + ch);
      }
    })();
    const map = new Map<string, string>();
    for (const row of db.prepare('SELECT term, doc FROM v').iterate() as Iterable<{
      term: string;
      doc: number;
    }>) {
      const ch = String.fromCodePoint(row.doc);
      const folded = String.fromCodePoint(row.term.codePointAt(0)!);
      if (folded !== ch) map.set(ch, folded);
    }
    const divergent: string[] = [];
    for (let c = 0; c <= 0x1ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (ch.toLowerCase() !== (map.get(ch) ?? ch)) divergent.push(ch);
    }
    // JavaScript lower-cases a capital sigma by its place in the word (σ or ς); the index, always σ.
    divergent.push('\u03a3');
    table = { map, pattern: characterClass([...map.keys()]), divergent: characterClass(divergent) };
    return table;
  } finally {
    db.close();
  }
}

function characterClass(chars: readonly string[]): RegExp {
  const escaped = chars.map((ch) => (/[\\\]^-]/.test(ch) ? `\\${ch}` : ch)).join('');
  return new RegExp(`[${escaped}]`, 'gu');
}
