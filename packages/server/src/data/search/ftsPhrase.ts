/** A term as an FTS5 phrase: quotes doubled, every other character taken literally. */
export const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
