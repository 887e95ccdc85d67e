import type { ReportRunResponse } from '@plinth/schema';
import { badRequest } from '../http/errors.js';

type HeaderValue = NonNullable<ReportRunResponse['rdata']>[number]['hdrs'][number];
type SentValue = { val: string | number | boolean | null } | { vals: ReadonlyArray<{ eid: number }> };

/** A group bucket as the report answers it: its header values and its record count. */
export interface GroupBucket {
  hdrs: readonly HeaderValue[];
  count: number;
}

/**
 * Where the rows of one group lie among the report's rows: the index of its first row and its
 * count, from the group buckets (in the report's order, rows following the order of their groups).
 * The group is named by the header values the report answered, outermost level first; fewer
 * values than levels name an outer group, whose inner groups are next to each other. A value is
 * never put in SQL: it only picks one of the report's own buckets. Anything else is a 400.
 */
export function groupRange(
  buckets: readonly GroupBucket[] | undefined,
  values: readonly SentValue[],
  levels: number,
  maxGroups: number,
): { start: number; count: number } {
  if (!buckets || levels === 0)
    throw badRequest('The report is not grouped: it has no group to load more rows of.');
  if (values.length > levels)
    throw badRequest(
      `The group names ${values.length} levels; the report groups by ${levels} ${levels === 1 ? 'level' : 'levels'}.`,
    );
  let start = 0;
  let before = 0;
  let count = 0;
  let last = -1;
  buckets.forEach((bucket, i) => {
    if (values.every((v, level) => sameHeader(v, bucket.hdrs[level]))) {
      if (last === -1) start = before;
      count += bucket.count;
      last = i;
    }
    before += bucket.count;
  });
  if (last === -1) throw badRequest("The group to load more rows of is not one of the report's groups.");
  // Buckets past the most a report answers are not read: an outer group reaching that end may
  // have more rows than its buckets count.
  if (buckets.length >= maxGroups && last === buckets.length - 1 && values.length < levels)
    throw badRequest(`The report has more than ${maxGroups} groups: load more rows of an inner group.`);
  return { start, count };
}

/** Whether a header value sent names the same group value as one the report answered. */
function sameHeader(sent: SentValue, own: HeaderValue | undefined): boolean {
  if (!own) return false;
  if ('vals' in own) {
    // A to-one relationship: the related record by its id; the blank group has none.
    if (!('vals' in sent)) return false;
    return sent.vals.length === own.vals.length && sent.vals.every((v, i) => v.eid === own.vals[i]?.eid);
  }
  return 'val' in sent && sent.val === own.val;
}
