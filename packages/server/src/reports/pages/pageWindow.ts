import { groupRange } from '../groupRange.js';
import type { PlanFacts } from '../plan/planTypes.js';
import { headersOf } from '../response/groupHeaders.js';
import { MAX_GROUPS } from '../totals/groupKeys.js';

type Row = Record<string, unknown>;

/**
 * The rows a page reads. Loading more of one group (spec 02 §4) starts at that group's row and ends
 * with the group, found from the buckets (which count only rows within a result limit); otherwise
 * the plan's.
 */
export function pageWindow(
  plan: PlanFacts,
  buckets: readonly Row[] | undefined,
): { start: number; take: number } {
  const group = plan.query.group;
  if (!group) return { start: plan.start, take: plan.take };
  const counted = buckets?.map((r) => ({ hdrs: headersOf(plan.groups, r), count: Number(r.cnt) }));
  const range = groupRange(counted, group.values, plan.groups.length, MAX_GROUPS);
  const from = Math.min(group.startIndex, range.count);
  return { start: range.start + from, take: Math.min(plan.pageSize, range.count - from) };
}
