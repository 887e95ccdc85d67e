import type { EntityId } from '@plinth/schema';
import type { RawBuilder } from 'kysely';
import type { RequestContext } from '../context.js';
import { type ChunkMarks, type ChunkScope, chunkOfId, chunkRuns } from './chunkMarkers.js';
import { cursorOf, type ReportCursor, type Seek } from './keysetSql.js';
import type { SearchWithin } from './reportSql.js';
import { cachedRows, reportResultCache, resultKey } from './resultCache.js';

/** How many of a quick search's first rows are kept, in the report's order. */
export const SEARCH_ROWS_KEPT = 500;

/** Past this many chunks written since a search was kept, it is read again whole. */
const MAX_STALE_CHUNKS = 64;

type Row = Record<string, unknown>;

/** A report's quick search, as runReport builds it. */
export interface SearchQuery {
  ctx: RequestContext;
  /**
   * The statement of the search's rows in the report's order, each with its id and (when `seek`
   * is known) its cursor keys: all matches, or only those `within`; none after `through`.
   */
  rows(bounds: { limit: number; within?: SearchWithin; through?: ReportCursor }): RawBuilder<Row>;
  /** The order's keys, when rows can be compared by cursor. */
  seek: Seek | undefined;
  /** Which chunks of the root records a write may change the search's answer for. */
  scope: ChunkScope | undefined;
  /** The types the search reads (runReport's typesRead); undefined when it may read any record. */
  typesRead: readonly EntityId[] | undefined;
}

/** A search's first rows as kept, and what they were read under. */
interface KeptSearch {
  marks: ChunkMarks;
  /** Every matching id up to `through`, in the report's order. */
  ids: number[];
  /** The cursor of the last kept row when more rows match past it; null when `ids` are all. */
  through: ReportCursor | null;
}

/**
 * The ids of one page of a quick search (decision 0025). A search through the trigram index reads
 * every matching record to order them — at 1,000,000 records a term in 1% of them costs tens of
 * milliseconds however small the page — so its first {@link SEARCH_ROWS_KEPT} ids are read in one
 * statement and kept in the result cache: the next pages and the same search again read no index.
 *
 * After a write the kept ids are brought up to date by chunk (chunkMarkers): the kept ids of the
 * chunks no write touched still match and keep their order, and only the chunks written are
 * searched again; one statement orders both, up to the last row kept, since rows past it in the
 * untouched chunks are not known. A search whose answer cannot be told by chunk is revalidated
 * whole by the change markers (decision 0021). Pages past the kept ids are read as any page is.
 */
export async function searchPageIds(
  search: SearchQuery,
  start: number,
  take: number,
  readPage: () => Promise<number[]>,
): Promise<number[]> {
  if (start + take > SEARCH_ROWS_KEPT) return readPage();
  const { ctx, scope, seek } = search;
  if (!scope || !seek || ctx.db.isTransaction) {
    const statement = search.rows({ limit: SEARCH_ROWS_KEPT });
    const ids = await cachedRows<number[]>(ctx, [statement.compile(ctx.db)], search.typesRead, async () =>
      (await statement.execute(ctx.db)).rows.map((r) => Number(r.id)),
    );
    return ids.slice(start, start + take);
  }
  const kept = await keptSearch(search, scope, seek);
  if (kept.through !== null && start + take > kept.ids.length) return readPage();
  return kept.ids.slice(start, start + take);
}

async function keptSearch(search: SearchQuery, scope: ChunkScope, seek: Seek): Promise<KeptSearch> {
  const { ctx } = search;
  const cache = reportResultCache(ctx.db);
  const first = search.rows({ limit: SEARCH_ROWS_KEPT + 1 });
  const key = resultKey(ctx.tenantId, [first.compile(ctx.db)]);
  // Read before the statements: a write committed in between makes the kept rows look older only.
  const marks = await scope.readMarks();
  const entry = cache.peek(key);
  const previous = entry?.state as KeptSearch | undefined;
  const stale = previous && scope.staleChunks(previous.marks, marks);
  if (entry && previous && stale?.length === 0) {
    cache.get(key, entry.marker);
    return previous;
  }
  cache.stats.misses++;

  const read = async (statement: RawBuilder<Row>) => (await statement.execute(ctx.db)).rows;
  /** Ids from rows in order, at most the kept number, and the cursor they end at. */
  const keep = (rows: Row[], through: ReportCursor | null): KeptSearch =>
    rows.length > SEARCH_ROWS_KEPT
      ? {
          marks,
          ids: rows.slice(0, SEARCH_ROWS_KEPT).map((r) => Number(r.id)),
          through: cursorOf(seek, rows[SEARCH_ROWS_KEPT - 1]!),
        }
      : { marks, ids: rows.map((r) => Number(r.id)), through };

  let kept: KeptSearch | undefined;
  if (previous && stale && stale.length <= MAX_STALE_CHUNKS) {
    const written = new Set(stale);
    const within = {
      keptIds: previous.ids.filter((id) => !written.has(chunkOfId(id))),
      runs: chunkRuns(stale),
    };
    const rows = await read(
      search.rows({
        limit: SEARCH_ROWS_KEPT + 1,
        within,
        ...(previous.through ? { through: previous.through } : {}),
      }),
    );
    kept = keep(rows, previous.through);
    // Too few left before the last row kept: pages would fall past them. Read it again whole.
    if (kept.through !== null && kept.ids.length < SEARCH_ROWS_KEPT / 2) kept = undefined;
    else cache.stats.refreshed++;
  }
  kept ??= keep(await read(first), null);
  cache.set(key, 'chunked', kept.ids, kept);
  return kept;
}
