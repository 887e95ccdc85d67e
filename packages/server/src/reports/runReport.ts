import { type EntityId, isKnownTimeZone, type ReportQuery } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, parseData } from '../data/entityRepository.js';
import { ensureFieldTextTable } from '../data/search/fieldTexts.js';
import { readsFieldText } from '../data/search/indexedContains.js';
import { systemQuery } from '../data/systemQuery.js';
import { settingsFromData, tenantSettingsAlias } from '../settings/tenantSettings.js';
import { choiceColumnFormats, isChoiceColumn } from './choiceFormats.js';
import { keepImageDocuments } from './imageCells.js';
import { keptAnswer } from './keptAnswers.js';
import type { ReportCursor } from './keysetSql.js';
import type { LoadedReport, ReportSettings } from './loadReport.js';
import { pageWindow } from './pages/pageWindow.js';
import { planReport, type ReportPlan } from './plan/reportPlan.js';
import { checkRelationDetail } from './relationDetail.js';
import { reportCells } from './reportCells.js';
import { buildReportSql, type ReportSqlInput } from './reportSql.js';
import { type ReportAnswer, reportResponse } from './response/reportResponse.js';
import { groupKeys } from './totals/groupKeys.js';
import { readTotals } from './totals/reportTotals.js';

export { type LoadedReport, loadReport, parseDefinition, type ReportSource } from './loadReport.js';
export { maxReportPageSize } from './plan/reportPlan.js';

/**
 * Runs a report query: one page of rows, the groups and totals, and the metadata asked for. The
 * stages: the plan (pure), its SQL, the totals, the page read by the plan's page strategy, the
 * page's cells, the response.
 *
 * `keep` (the report calls) answers from a kept answer when nothing it reads has changed (decision
 * 0144).
 *
 * `keyset` (exports only, decision 0024) reads a report without groups by a keyset cursor: the
 * answer carries the `cursor` of its last row (null when empty; none when the order cannot be
 * sought, and the caller reads by offset), and `after` reads the rows after one. `startIndex` then
 * counts the rows read before, for the result limit only.
 */
export async function runReport(
  ctx: RequestContext,
  report: LoadedReport,
  query: ReportQuery,
  options: { publicView?: boolean; keyset?: { after?: ReportCursor }; keep?: boolean } = {},
): Promise<ReportAnswer> {
  checkRelationDetail(ctx, report.definition.rootTypeId, query);
  const { keep, ...planOptions } = options;
  const plan = planReport(report.definition, ctx.schema, query, {
    engine: ctx.engine,
    access: ctx.perms,
    ...planOptions,
  });
  return keep ? keptAnswer(ctx, report, plan, () => runPlan(ctx, report, plan)) : runPlan(ctx, report, plan);
}

/** The stages after the plan: its SQL, the totals, the page, its cells, the response. */
async function runPlan(ctx: RequestContext, report: LoadedReport, plan: ReportPlan): Promise<ReportAnswer> {
  const { query } = plan;
  const sqlInput = await reportSqlInput(ctx, plan, report.settings);
  const q = buildReportSql(sqlInput);
  const keys = groupKeys(plan, q);
  const totals = await readTotals(ctx, plan, q, keys);
  const { start, take } = pageWindow(plan, totals.groups);
  const { strategy } = plan.page;
  const read = { ctx, plan, sql: q, sqlInput, keys, buckets: totals.groups, start, take };
  const page = take === 0 ? strategy.empty : await strategy.readPage(read);
  const versions = new Map<number, number>();
  // With the full metadata, the choice values' colours are read with the page's records.
  const choices =
    query.metadata === 'none'
      ? undefined
      : new Map<EntityId, EntityRow[]>(plan.columns.filter(isChoiceColumn).map((c) => [c.targetTypeId, []]));
  const cells = await reportCells(ctx, plan.columns, page.ids, versions, choices);
  await keepImageDocuments(ctx, plan.columns, cells);
  const defaultFormats =
    choices && (await choiceColumnFormats(ctx, plan.columns, page.ids.length ? choices : undefined));
  return reportResponse({
    report,
    plan,
    totals,
    page,
    cells,
    versions,
    defaultFormats,
    now: ctx.clock.now(),
  });
}

/** What the plan's SQL is built from: the plan, and the tenant's time zone and year for dates. */
async function reportSqlInput(
  ctx: RequestContext,
  plan: ReportPlan,
  known: ReportSettings | undefined,
): Promise<ReportSqlInput> {
  const settings = known ?? (await readReportSettings(ctx));
  await makeFieldTextTables(ctx, plan);
  return {
    scope: {
      ctx,
      // A stored zone the runtime does not know would fail every date condition: dates are then UTC's.
      timeZone: isKnownTimeZone(settings.timeZone) ? settings.timeZone : 'UTC',
      financialYearStartMonth: settings.financialYearStartMonth,
      now: ctx.clock.now(),
    },
    rootTypeIds: plan.rootTypeIds,
    conditions: plan.conditions,
    sorts: plan.sorts,
    query: plan.query,
    searchColumns: plan.searchColumns,
    walk: plan.walk,
  };
}

/** The trigram tables the plan's Contains conditions read, made before the SQL reads them (decision 0135). */
async function makeFieldTextTables(ctx: RequestContext, plan: ReportPlan): Promise<void> {
  for (const c of plan.conditions) {
    if (c.oper !== 'Contains' || c.column.kind !== 'field') continue;
    const { field, path } = c.column;
    if (readsFieldText(ctx.engine, field, path.length === 0, String(c.value ?? '')))
      await ensureFieldTextTable(ctx.db, ctx.tenantId, field.id);
  }
}

/** The tenant's settings a run needs, from its settings record alone (one statement). */
async function readReportSettings(ctx: RequestContext): Promise<ReportSettings> {
  const row = await systemQuery(ctx.db, 'tenant settings')
    .selectFrom('entities')
    .select('data')
    .where('tenant_id', '=', ctx.tenantId)
    .where('alias', '=', tenantSettingsAlias)
    .executeTakeFirst();
  return settingsFromData(row ? parseData(row.data) : {});
}
