import { type RawBuilder, sql } from 'kysely';
import { tenantScope } from '../../data/tenantScope.js';
import type { PageRead, PageStrategy } from './pageStrategy.js';

/**
 * A page of ids in the report's order, `n` rows from `offset`, of the rows matching `extra` too;
 * ordered by `order` (the report's order by default).
 */
export async function idsByOffset(
  read: Pick<PageRead, 'ctx' | 'sql'>,
  n: number,
  offset: number,
  extra?: RawBuilder<boolean>,
  order: RawBuilder<unknown> = read.sql.orderBy,
): Promise<number[]> {
  const { ctx, sql: q } = read;
  const where = extra ? sql`${q.where} AND ${extra}` : q.where;
  const statement = sql<{ id: number }>`SELECT e0.id AS id FROM ${q.from()} WHERE ${where}
    ORDER BY ${order} LIMIT ${n} OFFSET ${offset}`;
  const result = await tenantScope(ctx).execute(statement);
  return result.rows.map((r) => Number(r.id));
}

/** The page by offset in the report's one ordered statement: what every other strategy falls back to. */
export const offsetPage: PageStrategy = {
  name: 'offset',
  appliesTo: () => "the rows in the report's order, from the start index",
  readPage: async (read) => ({ ids: await idsByOffset(read, read.take, read.start) }),
  empty: { ids: [] },
};
