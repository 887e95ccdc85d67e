import { sql } from 'kysely';
import { and } from '../../data/sql/sqlFragments.js';
import { type GroupKey, MAX_GROUPS } from '../totals/groupKeys.js';
import { idsByOffset, offsetPage } from './offsetPage.js';
import type { PageStrategy } from './pageStrategy.js';

type Row = Record<string, unknown>;

/**
 * A grouped report's page read group by group (decision 0021): rows come in the order of their
 * groups, and the buckets' counts say which groups the page spans. Each is read on its own, ordered
 * by the other sort keys, so an index on those keys serves the page instead of a sort of every
 * matching record. Buckets cut at the most a report answers are not a complete count: such a page
 * is read by offset.
 */
export const groupsPage: PageStrategy = {
  name: 'groups',
  appliesTo: (plan) =>
    plan.groups.length > 0 && plan.limit === undefined && plan.groupsSeekable
      ? 'grouped by keys compared with the values read back, no result limit: each group spanned is read on its own'
      : undefined,
  async readPage(read) {
    const spans = read.buckets && groupSpans(read.buckets, read.start);
    if (!spans) return offsetPage.readPage(read);
    const { plan, sql: q, keys } = read;
    const rest = plan.sorts.filter((s) => !s.group).flatMap((s) => q.orderKeys(s.column, s.order));
    rest.push(plan.sorts.at(-1)?.order === 'Descending' ? sql`e0.id DESC` : sql`e0.id ASC`);
    const ids: number[] = [];
    for (const span of spans) {
      const n = Math.min(read.take - ids.length, span.count);
      ids.push(...(await idsByOffset(read, n, span.from, groupMatch(keys, span.bucket), sql.join(rest))));
      if (ids.length >= read.take) break;
    }
    return { ids };
  },
  empty: { ids: [] },
};

/**
 * The groups from the one holding row `start` on, each with the offset of the page's first row in
 * it and how many of its rows are left from there; undefined when the buckets may be cut short.
 */
export function groupSpans(
  buckets: readonly Row[],
  start: number,
): Array<{ bucket: Row; from: number; count: number }> | undefined {
  if (buckets.length >= MAX_GROUPS) return undefined;
  const spans: Array<{ bucket: Row; from: number; count: number }> = [];
  let before = 0;
  for (const bucket of buckets) {
    const count = Number(bucket.cnt);
    const from = Math.max(0, start - before);
    before += count;
    if (from >= count) continue;
    spans.push({ bucket, from, count: count - from });
  }
  return spans;
}

/** The rows of one group: each key equal to the bucket's value (or blank). */
function groupMatch(keys: readonly GroupKey[], bucket: Row) {
  return and(
    keys.map((k) => {
      const expr = k.id ?? k.value;
      const v = bucket[k.id ? `kid${k.i}` : `k${k.i}`];
      return v === null || v === undefined ? sql<boolean>`${expr} IS NULL` : sql<boolean>`${expr} = ${v}`;
    }),
  );
}
