import { sql } from 'kysely';
import { chunkScope } from '../chunkScope.js';
import { atOrBeforeCursorSql, cursorSelect } from '../keysetSql.js';
import { buildReportSql } from '../reportSql.js';
import { type SearchQuery, searchPageIds } from '../searchPageCache.js';
import { idsByOffset } from './offsetPage.js';
import type { PageRead, PageStrategy } from './pageStrategy.js';

/**
 * A quick search's page of a report without groups: its first rows are kept in order in the
 * result cache, so its next pages and repeats read no index until a write (decision 0025).
 */
export const keptSearchPage: PageStrategy = {
  name: 'keptSearch',
  appliesTo: (plan) =>
    plan.search && plan.groups.length === 0
      ? 'a quick search without groups: its first rows are kept in order and brought up to date by chunk'
      : undefined,
  readPage: (read) => readSearchPage(read, false),
  empty: { ids: [] },
};

/** The page of a search from its kept rows (searchPageCache): `walked` keeps fewer of them. */
export async function readSearchPage(read: PageRead, walked: boolean): Promise<{ ids: number[] }> {
  const { ctx, plan, sql: q, sqlInput, start, take } = read;
  const search: SearchQuery = {
    ctx,
    rows: ({ limit: n, within, through }) => {
      const p = within ? buildReportSql({ ...sqlInput, walk: undefined, searchWithin: within }) : q;
      const keys = p.seek ? cursorSelect(ctx.engine, p.seek) : [];
      const cut = through && p.seek ? sql` AND ${atOrBeforeCursorSql(p.seek, through)}` : sql``;
      return sql<Record<string, unknown>>`SELECT ${sql.join([sql`e0.id AS id`, ...keys])} FROM ${p.from()}
          WHERE ${p.where}${cut} ORDER BY ${p.orderBy} LIMIT ${n}`;
    },
    seek: q.seek,
    scope: chunkScope({
      ctx,
      rootTypeIds: plan.rootTypeIds,
      typesRead: plan.typesRead,
      columnsRead: [
        ...plan.sorts.map((s) => s.column),
        ...plan.conditions.map((c) => c.column),
        ...(plan.searchColumns ?? []),
      ],
      conditions: plan.conditions,
    }),
    typesRead: plan.typesRead,
    walked,
  };
  return { ids: await searchPageIds(search, start, take, () => idsByOffset(read, take, start)) };
}
