import type { EntityId } from '@plinth/schema';
import type { RawBuilder } from 'kysely';
import type { RequestContext } from '../context.js';
import { type ChunkMarks, chunkOfId, chunkRuns } from '../data/chunkMarkers.js';
import { tenantScope } from '../data/tenantScope.js';
import type { ChunkScope } from './chunkScope.js';
import { cursorOf, type ReportCursor, type Seek } from './keysetSql.js';
import type { SearchWithin } from './reportSql.js';
import { type ChunkedRefresh, cachedRows } from './resultCache.js';

/** How many of a quick search's first rows are kept, in the report's order. */
export const SEARCH_ROWS_KEPT = 500;
/**
 * How many are kept of a search read in the order of the ordered index (decision 0031): two pages
 * of 50 and one more. Its later pages cost little to read, and fewer kept rows cost less to bring
 * up to date after a write.
 */
const WALKED_SEARCH_ROWS_KEPT = 101;

/** Past this many chunks written since a search was kept, it is read again whole (decision 0025). */
const MAX_STALE_CHUNKS = 16;

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
  /** Whether it is read in the ordered index's order (ReportSql.walked): fewer rows are kept. */
  walked: boolean;
}

/** A search's first rows as kept. */
interface KeptRows {
  /** Every matching id up to the last kept, in the report's order. */
  ids: number[];
  /** Whether `ids` are all the matches. */
  complete: boolean;
  /** When they are not, and rows compare by cursor: the cursor of the last row kept. */
  through?: ReportCursor;
}

/**
 * What kept rows were read under (chunkMarkers), for a refresh by chunk; they weigh their ids and
 * chunk markers in the result cache's bound.
 */
type KeptState = KeptRows & ChunkMarks & { weight: number };

/**
 * The ids of one page of a quick search: its first {@link SEARCH_ROWS_KEPT} ids are kept in the
 * result cache and, after a write, brought up to date by chunk, or read again whole when the search
 * cannot be told by chunk or compared by cursor; later pages are read as any page (decision 0025).
 */
export async function searchPageIds(
  search: SearchQuery,
  start: number,
  take: number,
  readPage: () => Promise<number[]>,
): Promise<number[]> {
  const { ctx, scope, seek } = search;
  const keptCount = keptRowsOf(search);
  if (start + take > keptCount) return readPage();
  const first = search.rows({ limit: keptCount + 1 });
  const tenant = tenantScope(ctx);
  const read = async (statement: RawBuilder<Row>) => (await tenant.execute(statement)).rows;
  /** The first kept number of rows read in order, and the cursor they end at. */
  const keep = (rows: Row[], through?: ReportCursor): KeptRows => {
    if (rows.length <= keptCount)
      return { ids: rows.map((r) => Number(r.id)), complete: !through, ...(through ? { through } : {}) };
    const last = rows[keptCount - 1]!;
    return {
      ids: rows.slice(0, keptCount).map((r) => Number(r.id)),
      complete: false,
      ...(seek ? { through: cursorOf(seek, last) } : {}),
    };
  };
  const kept = await cachedRows<KeptRows>(
    ctx,
    [tenant.compile(first)],
    search.typesRead,
    async () => keep(await read(first)),
    scope && seek ? keptRefresh(search, scope, first, read, keep) : undefined,
  );
  if (!kept.complete && start + take > kept.ids.length) return readPage();
  return kept.ids.slice(start, start + take);
}

/** How many of a search's first rows are kept. */
const keptRowsOf = (search: SearchQuery) => (search.walked ? WALKED_SEARCH_ROWS_KEPT : SEARCH_ROWS_KEPT);

function keptRefresh(
  search: SearchQuery,
  scope: ChunkScope,
  first: RawBuilder<Row>,
  read: (statement: RawBuilder<Row>) => Promise<Row[]>,
  keep: (rows: Row[], through?: ReportCursor) => KeptRows,
): ChunkedRefresh<KeptRows, KeptState> {
  return {
    async refresh(previous) {
      // Read before the statements: a write committed in between makes the rows look older only.
      const marks = await scope.readMarks(previous);
      const stale = previous && scope.staleChunks(previous, marks);
      const answer = (rows: KeptRows, chunksRead: number | 'all') => ({
        rows,
        state: { ...rows, ...marks, weight: rows.ids.length + marks.versions.size },
        chunksRead,
      });
      // A write to what the search does not read (a type only a shown column reaches): as it was.
      if (previous && stale?.length === 0) {
        const { ids, complete, through } = previous;
        const rows = { ids, complete, ...(through ? { through } : {}) };
        return answer(rows, 0);
      }
      if (previous && stale && stale.length <= MAX_STALE_CHUNKS && (previous.complete || previous.through)) {
        const written = new Set(stale);
        const within = {
          keptIds: previous.ids.filter((id) => !written.has(chunkOfId(scope.engine, id))),
          runs: chunkRuns(stale),
        };
        const through = previous.through;
        const rows = keep(
          await read(search.rows({ limit: keptRowsOf(search) + 1, within, ...(through ? { through } : {}) })),
          through,
        );
        // Too few left before the last row kept, and pages would fall past them: read it again whole.
        if (rows.complete || rows.ids.length >= keptRowsOf(search) / 2) return answer(rows, stale.length);
      }
      return answer(keep(await read(first)), 'all');
    },
  };
}
