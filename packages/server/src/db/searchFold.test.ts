import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { searchContains, searchFold } from './searchFold.js';

describe('searchFold', () => {
  it('folds case one character at a time, keeping diacritics', () => {
    expect(searchFold('Granite RENEWAL')).toBe('granite renewal');
    expect(searchFold('ÉMILE Zoë ΣΟΦΊΑ')).toBe('émile zoë σοφία');
    // The index's own table, not JavaScript's: the long s folds to s.
    expect(searchFold('ſtop')).toBe('stop');
  });

  it("finds what the trigram index's phrase query finds, and nothing else", () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'trigram')");
    const texts = [
      'Granite Renewal 2026',
      'granite renewal',
      'GRANITE-RENEWAL',
      'Émile Zola',
      'émile',
      'ΣΟΦΊΑ και σοφία',
      'Straße',
      'İstanbul',
      'ſtop',
      'ΟΔΟΣ',
      'ᲐᲑᲒ და აბგ',
      'Ꭰ ꭰ',
      '𞤀𞤀𞤀 𞤢𞤢𞤢',
      '𐒰𐒰𐒰 𐓘𐓘𐓘',
      'plain',
    ];
    const insert = db.prepare('INSERT INTO t (rowid, body) VALUES (?, ?)');
    for (const [i, text] of texts.entries()) insert.run(i + 1, text);
    for (const term of [
      'ranite renew',
      'ÉMILE',
      'σοφία',
      'STRASSE',
      'straße',
      'İst',
      'ist',
      'sto',
      'οδοσ',
      'οδος',
      'ᲐᲑᲒ',
      'აბგ',
      'Ꭰ ꭰ',
      'ꭰ ꭰ',
      '𞤢𞤢𞤢',
      '𐓘𐓘𐓘',
      'lain',
    ]) {
      const byIndex = db
        .prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid')
        .all(`"${term}"`)
        .map((r) => (r as { rowid: number }).rowid);
      const folded = searchFold(term);
      const byFold = texts.flatMap((text, i) => (searchContains(text, folded) ? [i + 1] : []));
      expect(byFold, term).toEqual(byIndex);
    }
  });
});
