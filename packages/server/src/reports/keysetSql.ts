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

/**
 * The rows strictly after a cursor in the report's order: `(k1, …, kn, id) > (v1, …, vn, id0)`
 * spelled as an OR-chain, since directions are mixed and blanks sort lowest in both engines
 * (`ASC NULLS FIRST`, `DESC NULLS LAST`):
 *
 * - ascending after v: `k > v`; after a blank: `k IS NOT NULL`;
 * - descending after v: `k < v OR k IS NULL`; after a blank: nothing;
 * - then, with `k = v` (or `k IS NULL`), the next key decides, and the id last.
 *
 * An ascending first key is bounded as well (`k >= v AND …`) so an index on it serves the seek.
 */
export function afterCursorSql(seek: Seek, cursor: ReportCursor): RawBuilder<boolean> {
  if (cursor.keys.length !== seek.keys.length) {
    throw new Error(
      `The cursor holds ${cursor.keys.length} sort keys; the report sorts by ${seek.keys.length}.`,
    );
  }
  if (!Number.isSafeInteger(cursor.id)) throw new Error('The cursor holds no record id.');
  let rest = seek.idDescending ? sql<boolean>`e0.id < ${cursor.id}` : sql<boolean>`e0.id > ${cursor.id}`;
  for (let i = seek.keys.length - 1; i >= 0; i--) {
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
  const first = seek.keys[0];
  const v0 = cursor.keys[0];
  if (first && !first.descending && v0 !== null && v0 !== undefined)
    return sql<boolean>`(${first.value} >= ${v0} AND ${rest})`;
  return rest;
}
