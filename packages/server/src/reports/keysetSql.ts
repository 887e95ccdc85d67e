import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../db/tables.js';

/**
 * Where a flat report read stopped: the sort key values of its last row, as the database gave
 * them, and its id. Internal to the export path (decision 0024): never sent to browsers.
 */
export interface ReportCursor {
  keys: unknown[];
  id: number;
}

/** One ORDER BY key of a report: its value (`lower(…)` for text) and direction. */
export interface SeekKey {
  value: RawBuilder<unknown>;
  descending: boolean;
}

/** The keys a report's order can be continued by, before the id that ends every order. */
export interface Seek {
  keys: readonly SeekKey[];
  idDescending: boolean;
}

/**
 * The select list that reads a row's key values back for a cursor. PostgreSQL gives them as text,
 * which it parses back to the key's own type when the text is compared with the key, so numbers
 * and instants round-trip exactly; SQLite gives them in their storage class, which compares the
 * way its ORDER BY does.
 */
export function cursorSelect(engine: Engine, seek: Seek): RawBuilder<unknown>[] {
  return seek.keys.map((k, i) =>
    engine === 'postgres'
      ? sql`CAST(${k.value} AS text) AS ${sql.id(`ck${i}`)}`
      : sql`${k.value} AS ${sql.id(`ck${i}`)}`,
  );
}

/** The cursor of a row read with `cursorSelect`. */
export function cursorOf(seek: Seek, row: Record<string, unknown>): ReportCursor {
  return { keys: seek.keys.map((_, i) => row[`ck${i}`] ?? null), id: Number(row.id) };
}

/** Rows of a report after a cursor that one query reads, in the order it reads them by. */
export interface CursorPart {
  where: RawBuilder<boolean>;
  orderBy: RawBuilder<unknown>;
}

/**
 * The rows strictly after a cursor in the report's order, `(k1, …, kn, id) > (v1, …, vn, id0)`, as
 * parts to read one after the other (every row of a part before every row of the next). Blanks sort
 * lowest, so "after" is an OR-chain per direction; the first key is taken apart (its tie, its range,
 * a descending key's blanks) so that an index on it serves every part (decision 0024).
 */
export function afterCursorSql(seek: Seek, cursor: ReportCursor): CursorPart[] {
  if (cursor.keys.length !== seek.keys.length) {
    throw new Error(
      `The cursor holds ${cursor.keys.length} sort keys; the report sorts by ${seek.keys.length}.`,
    );
  }
  if (!Number.isSafeInteger(cursor.id)) throw new Error('The cursor holds no record id.');
  let rest = seek.idDescending ? sql<boolean>`e0.id < ${cursor.id}` : sql<boolean>`e0.id > ${cursor.id}`;
  for (let i = seek.keys.length - 1; i >= 1; i--) {
    const { value: k, descending } = seek.keys[i]!;
    const v = cursor.keys[i];
    const blank = v === null || v === undefined;
    const same = blank ? sql<boolean>`${k} IS NULL` : sql<boolean>`${k} = ${v}`;
    const beyond = blank
      ? descending
        ? undefined
        : sql<boolean>`${k} IS NOT NULL`
      : descending
        ? sql<boolean>`(${k} < ${v} OR ${k} IS NULL)`
        : sql<boolean>`${k} > ${v}`;
    rest = beyond ? sql<boolean>`(${beyond} OR (${same} AND ${rest}))` : sql<boolean>`(${same} AND ${rest})`;
  }
  const all = orderSql(seek, 0);
  const first = seek.keys[0];
  if (!first) return [{ where: rest, orderBy: all }];
  const tie = orderSql(seek, 1);
  const k = first.value;
  const v = cursor.keys[0];
  if (v === null || v === undefined) {
    const blanks = { where: sql<boolean>`(${k} IS NULL AND ${rest})`, orderBy: tie };
    return first.descending ? [blanks] : [blanks, { where: sql<boolean>`${k} IS NOT NULL`, orderBy: all }];
  }
  const same = { where: sql<boolean>`(${k} = ${v} AND ${rest})`, orderBy: tie };
  if (!first.descending) return [same, { where: sql<boolean>`${k} > ${v}`, orderBy: all }];
  return [
    same,
    { where: sql<boolean>`${k} < ${v}`, orderBy: all },
    { where: sql<boolean>`${k} IS NULL`, orderBy: tie },
  ];
}

/**
 * The rows at or before a cursor in the report's order: not after it. The parts of
 * {@link afterCursorSql} are true exactly for the rows after the cursor and false or unknown
 * (NULL) for the others, so unknown counts as not after.
 */
export function atOrBeforeCursorSql(seek: Seek, cursor: ReportCursor): RawBuilder<boolean> {
  const after = afterCursorSql(seek, cursor).map((p) => sql<boolean>`(${p.where})`);
  return sql<boolean>`(CASE WHEN ${sql.join(after, sql` OR `)} THEN 0 ELSE 1 END) = 1`;
}

/** The report's ORDER BY from key `from` on (reportSql's orderBy when 0), the id last. */
function orderSql(seek: Seek, from: number): RawBuilder<unknown> {
  return sql.join([
    ...seek.keys
      .slice(from)
      .map((k) => (k.descending ? sql`${k.value} DESC NULLS LAST` : sql`${k.value} ASC NULLS FIRST`)),
    seek.idDescending ? sql`e0.id DESC` : sql`e0.id ASC`,
  ]);
}
