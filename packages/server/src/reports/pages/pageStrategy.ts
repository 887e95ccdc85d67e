import type { RequestContext } from '../../context.js';
import type { ReportCursor } from '../keysetSql.js';
import type { PlanFacts } from '../plan/planTypes.js';
import type { ReportSql, ReportSqlInput } from '../reportSql.js';
import type { GroupKey } from '../totals/groupKeys.js';

type Row = Record<string, unknown>;

export type PageStrategyName = 'groups' | 'keyset' | 'walkedSearch' | 'keptSearch' | 'offset';

/** What a strategy reads a page with: the plan, its SQL, the group buckets, the rows asked for. */
export interface PageRead {
  ctx: RequestContext;
  plan: PlanFacts;
  sql: ReportSql;
  /** What `sql` was built from: a kept search builds its refresh statements from it. */
  sqlInput: ReportSqlInput;
  keys: readonly GroupKey[];
  /** The group buckets the totals stage read, in the report's order of groups. */
  buckets: readonly Row[] | undefined;
  /** The first row and how many (always more than none). */
  start: number;
  take: number;
}

/** A page of record ids in the report's order; a keyset read also answers the cursor of its last row. */
export interface PageResult {
  ids: number[];
  cursor?: ReportCursor | null;
}

/**
 * One way of reading a report's page of ids. `appliesTo` is pure: it says why the strategy reads
 * the plan's page, or undefined when it does not apply (strategies are tried in the order of
 * `pageStrategies`, the first that applies reads).
 */
export interface PageStrategy {
  name: PageStrategyName;
  appliesTo(plan: PlanFacts): string | undefined;
  readPage(read: PageRead): Promise<PageResult>;
  /** The answer when no row is asked for. */
  empty: PageResult;
}
