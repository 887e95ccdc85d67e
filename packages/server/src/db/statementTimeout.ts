import type SQLite from 'better-sqlite3';
import { timedOut } from '../http/errors.js';

/** The default longest run of one statement, in ms (PLINTH_STATEMENT_TIMEOUT_MS); 0 turns the limit off. */
export const defaultStatementTimeoutMs = 10_000;

/**
 * SQLite has no statement timeout: reads of records and links go through views that call
 * `plinth_in_time(id)` for one row in 64 (the argument keeps SQLite from hoisting the call), which
 * throws once the statement's time is up. Writes use the tables themselves (decision 0042).
 */
export function boundSqliteReads(sqlite: SQLite.Database, timeoutMs: number): StatementClock {
  const clock = new StatementClock(timeoutMs);
  sqlite.function('plinth_in_time', { deterministic: false, directOnly: true }, (_row: unknown) => {
    clock.check();
    return 1;
  });
  for (const [table, column] of Object.entries(rowColumn))
    sqlite.exec(
      `CREATE TEMP VIEW IF NOT EXISTS ${table}_timed AS SELECT * FROM main.${table} WHERE (${column} & ${sampleMask}) <> 0 OR plinth_in_time(${column})`,
    );
  return clock;
}

/** The tables read through timed views, each with a column that varies by row (they have no rowid). */
const rowColumn = { entities: 'id', relationships: 'from_id' } as const;
/** Rows whose column has these bits clear call the deadline check: one call in 64 rows (decision 0042). */
const sampleMask = 63;
const timedTables = Object.keys(rowColumn);

/** The deadline of the statement running now (one at a time on the SQLite connection). */
export class StatementClock {
  private deadline = Number.POSITIVE_INFINITY;
  constructor(readonly timeoutMs: number) {}

  /** Runs one statement under the deadline. */
  run<T>(step: () => T): T {
    const outer = this.deadline;
    // A statement started inside another's step (a function calling back) keeps the outer deadline.
    if (outer === Number.POSITIVE_INFINITY && this.timeoutMs > 0) this.deadline = Date.now() + this.timeoutMs;
    try {
      return step();
    } finally {
      this.deadline = outer;
    }
  }

  check(): void {
    if (Date.now() > this.deadline) throw timedOut();
  }
}

const keywords =
  'where|left|right|inner|outer|cross|join|on|using|group|order|limit|union|except|intersect|window|having|natural|full|set|values|returning';
// The right side of a LEFT JOIN reads its table itself: a timed view there moves the view's test
// into the join's ON clause, and SQLite then plans the whole statement otherwise (decision 0088).
const tableReference: RegExp = new RegExp(
  `\\b(?<!\\bleft\\s+(?:outer\\s+)?)(from|join)(\\s+)(?:main\\.)?("?)(${timedTables.join('|')})\\3(?![\\w."])(\\s+(?:as\\s+)?(?!(?:${keywords})\\b)"?\\w+"?)?`,
  'gi',
);

/**
 * A read statement's SQL with its tables of records and links read through their timed views, but
 * for the right side of a LEFT JOIN (the rows of the side before it bound the statement already);
 * the name stays as the alias, so `"entities"."id"` still resolves. Other statements are unchanged.
 */
export function timedReadSql(text: string): string {
  if (!/^\s*(select|with)\b/i.test(text)) return text;
  return text.replace(
    tableReference,
    (_m, lead: string, space: string, _q, table: string, alias?: string) => {
      const timed = `${table.toLowerCase()}_timed`;
      return alias ? `${lead}${space}${timed}${alias}` : `${lead}${space}${timed} AS "${table}"`;
    },
  );
}
