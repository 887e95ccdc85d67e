import type { EntityId } from '@plinth/schema';
import type { RawBuilder } from 'kysely';
import type { RequestContext } from '../context.js';
import { cachedRows } from './resultCache.js';

/** How many of a quick search's first rows are kept, in the report's order. */
export const SEARCH_ROWS_KEPT = 500;

/**
 * The ids of one page of a quick search (decision 0025). A search through the trigram index reads
 * every matching record to order them — at 1,000,000 records a term in 1% of them costs tens of
 * milliseconds however small the page — so its first {@link SEARCH_ROWS_KEPT} ids are read in one
 * statement and kept in the result cache, revalidated by the change markers like group buckets
 * (decision 0021): the next pages and the same search again read no index until a write to a type
 * the query reads. Pages past them are read as any page is.
 */
export async function searchPageIds(
  ctx: RequestContext,
  firstRows: (limit: number) => RawBuilder<{ id: unknown }>,
  typesRead: readonly EntityId[] | undefined,
  start: number,
  take: number,
  readPage: () => Promise<number[]>,
): Promise<number[]> {
  if (start + take > SEARCH_ROWS_KEPT) return readPage();
  const statement = firstRows(SEARCH_ROWS_KEPT);
  const ids = await cachedRows<number[]>(ctx, [statement.compile(ctx.db)], typesRead, async () =>
    (await statement.execute(ctx.db)).rows.map((r) => Number(r.id)),
  );
  return ids.slice(start, start + take);
}
