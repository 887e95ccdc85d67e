import type { ConditionalFormat, EntityId, ReportRunResponse } from '@plinth/schema';
import type { ReportCursor } from '../keysetSql.js';
import type { LoadedReport } from '../loadReport.js';
import type { PageResult } from '../pages/pageStrategy.js';
import type { PlanFacts } from '../plan/planTypes.js';
import type { Cell } from '../reportCells.js';
import { reportMeta } from '../reportMeta.js';
import type { ReportTotals } from '../totals/reportTotals.js';
import { aggregatesOf, headersOf } from './groupHeaders.js';

export type ReportAnswer = ReportRunResponse & { cursor?: ReportCursor | null };

export interface ResponseInput {
  report: LoadedReport;
  plan: PlanFacts;
  totals: ReportTotals;
  page: PageResult;
  /** The page's cells by record and column id, and the version each record was read at. */
  cells: ReadonlyMap<EntityId, ReadonlyMap<string, Cell>>;
  versions: ReadonlyMap<EntityId, number>;
  /** The columns' default formatting, when metadata is asked for. */
  defaultFormats: ReadonlyMap<string, ConditionalFormat> | undefined;
  now: Date;
}

/** The response stage: the rows, the groups and totals, the metadata asked for (spec 02 §3). */
export function reportResponse(input: ResponseInput): ReportAnswer {
  const { plan, totals, page } = input;
  const rdata = totals.groups?.map((r) => ({
    hdrs: headersOf(plan.groups, r),
    aggs: aggregatesOf(plan.aggregates, r),
    count: Number(r.cnt),
  }));
  const totalRow = totals.total && (totals.total[0] ?? {});
  const total = totalRow && {
    aggs: aggregatesOf(plan.aggregates, totalRow),
    count: Number(totalRow.cnt ?? 0),
  };
  return {
    ...(plan.query.metadata === 'none'
      ? {}
      : {
          meta: reportMeta(
            input.report,
            plan.columns,
            plan.conditions,
            plan.sorts,
            plan.query.metadata,
            plan.limit,
            {
              ...(input.defaultFormats ? { defaultFormats: input.defaultFormats } : {}),
            },
          ),
        }),
    gdata: page.ids.map((eid) => rowOf(input, eid)),
    ...(rdata ? { rdata } : {}),
    ...(total ? { total } : {}),
    pageSize: plan.pageSize,
    lrt: input.now.toISOString(),
    ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
  };
}

/** One row of the page: its cells in column order, and its version for inline edits. */
function rowOf({ plan, cells, versions }: ResponseInput, eid: EntityId): ReportRunResponse['gdata'][number] {
  const version = versions.get(eid);
  return {
    eid,
    // Inline edits are saved against the version their row showed; public viewers edit nothing.
    ...(plan.publicView || version === undefined ? {} : { version }),
    values: plan.columns.map((c) =>
      // Anonymous callers of a public report get only what it shows: hidden columns stay empty.
      plan.publicView && c.hidden
        ? c.kind === 'relationship'
          ? { vals: [] }
          : { val: null }
        : (cells.get(eid)?.get(c.id) ?? { val: null }),
    ),
  };
}
