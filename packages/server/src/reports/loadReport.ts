import {
  type EntityId,
  type IdOrAlias,
  type ReportDefinition,
  reportDefinition,
  sysField,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { parseData } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import type { EntitiesTable } from '../db/tables.js';
import { resolveIds } from '../entities/readEntities.js';
import { badRequest, invalidShape, notFound } from '../http/errors.js';
import { settingsFromData, type TenantSettings, tenantSettingsAlias } from '../settings/tenantSettings.js';
import { generatedReport, storedDefinition } from './definitionCache.js';
import { ReportResultCache } from './resultCache.js';

/** Which report to run: a stored one, or a type's generated display or picker report. */
export type ReportSource = { reportId: IdOrAlias } | { typeId: IdOrAlias; kind: 'display' | 'picker' };

export interface LoadedReport {
  id: EntityId | null;
  title: string;
  definition: ReportDefinition;
  /** The tenant's settings, when read with the report (decision 0055); else a run reads them. */
  settings?: ReportSettings;
}

/** What a run takes from the tenant's settings: dates are the tenant's. */
export type ReportSettings = Pick<TenantSettings, 'timeZone' | 'financialYearStartMonth'>;

/** Loads a report the caller may read, or a generated default one. */
export async function loadReport(ctx: RequestContext, source: ReportSource): Promise<LoadedReport> {
  if ('typeId' in source) {
    const type = ctx.schema.type(source.typeId);
    if (!type || ctx.perms.forType(sysType.type).read === 'none') throw notFound();
    // A stored report set as the type's default stands in for the generated one, when readable.
    const storedId = source.kind === 'picker' ? type.defaultPickerReportId : type.defaultDisplayReportId;
    const stored = storedId === undefined ? undefined : await readableReport(ctx, storedId);
    if (stored) return storedReport(ctx, stored.row, stored.settings);
    return { id: null, ...generatedReport(ctx.schema, type, source.kind) };
  }
  const [id] = await resolveIds(ctx.db, ctx.tenantId, [source.reportId]);
  const found = await readableReport(ctx, id!);
  if (!found) throw notFound();
  return storedReport(ctx, found.row, found.settings);
}

interface ReadableReport {
  row: EntitiesTable;
  settings: ReportSettings;
}

/** Kept reports per database handle, by tenant and report id: at most 1,000, the least used first out. */
const keptReports = new WeakMap<object, ReportResultCache>();

/**
 * The report's record if the caller may read it, with the tenant's settings (decision 0055). For
 * a caller who reads every report, kept in a result cache under the reports' and the settings'
 * change markers read with the caller (`ctx.definitionMarkers`): a kept page then costs no
 * statement here (decision 0158). A record read after its markers may be newer than them, never
 * older.
 */
async function readableReport(ctx: RequestContext, id: EntityId): Promise<ReadableReport | undefined> {
  const markers = ctx.definitionMarkers;
  if (!markers || ctx.db.isTransaction || !ctx.perms.readsAllOf([sysType.report])) return readReport(ctx, id);
  let kept = keptReports.get(ctx.db);
  if (!kept) {
    kept = new ReportResultCache(1_000);
    keptReports.set(ctx.db, kept);
  }
  const key = `${ctx.tenantId}:${id}`;
  const marker = `${markers.reports}:${markers.settings}`;
  const cached = kept.get(key, marker) as ReadableReport | undefined;
  if (cached) return cached;
  const report = await readReport(ctx, id);
  if (report) kept.set(key, marker, report);
  return report;
}

/**
 * The report's record if the caller may read it, read in one statement with the tenant's settings
 * record, which the run needs next (decision 0055).
 */
async function readReport(ctx: RequestContext, id: EntityId): Promise<ReadableReport | undefined> {
  // The report under the caller's read rule, with the settings record every caller's run needs:
  // two key lookups in one statement, where an OR of the two makes SQLite merge two index searches.
  const settings = systemQuery(ctx.db, 'tenant settings')
    .selectFrom('entities')
    .selectAll()
    .where('tenant_id', '=', ctx.tenantId)
    .where('alias', '=', tenantSettingsAlias);
  const rows = await tenantScope(ctx).records().selectAll().where('id', '=', id).unionAll(settings).execute();
  const row = rows.find((r) => r.id === id && r.type_id === sysType.report);
  if (!row) return undefined;
  const stored = rows.find((r) => r.alias === tenantSettingsAlias);
  const { timeZone, financialYearStartMonth } = settingsFromData(stored ? parseData(stored.data) : {});
  return { row, settings: { timeZone, financialYearStartMonth } };
}

/**
 * A stored report; its definition is parsed once per version of the record (decision 0055). On
 * SQLite the row's values are text, and a kept definition is matched against that text unparsed.
 */
function storedReport(ctx: RequestContext, row: EntitiesTable, settings: ReportSettings): LoadedReport {
  const definitionOf = (data: unknown) => parseData(data)[String(sysField.reportDefinition)];
  const text = typeof row.data === 'string' ? row.data : JSON.stringify(definitionOf(row.data) ?? null);
  return {
    id: row.id,
    title: row.name ?? '',
    definition: storedDefinition(ctx.db, ctx.tenantId, row, text, () =>
      parseDefinition(definitionOf(row.data)),
    ),
    settings,
  };
}

/** A stored definition, checked against the current shape; a broken one is a clear 400, not a 500. */
export function parseDefinition(raw: unknown): ReportDefinition {
  let json: unknown;
  try {
    json = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw badRequest('The report definition is not valid JSON.');
  }
  const parsed = reportDefinition.safeParse(json);
  if (!parsed.success) throw invalidShape('The report definition is not valid.', parsed.error.issues);
  return parsed.data;
}
