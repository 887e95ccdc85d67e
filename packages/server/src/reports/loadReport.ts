import {
  type EntityId,
  type IdOrAlias,
  type ReportDefinition,
  reportDefinition,
  sysField,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectEntities } from '../entities/entityRepository.js';
import { resolveIds } from '../entities/readEntities.js';
import { badRequest, invalidShape, notFound } from '../http/errors.js';
import { generatedReport, storedDefinition } from './definitionCache.js';

/** Which report to run: a stored one, or a type's generated display or picker report. */
export type ReportSource = { reportId: IdOrAlias } | { typeId: IdOrAlias; kind: 'display' | 'picker' };

export interface LoadedReport {
  id: EntityId | null;
  title: string;
  definition: ReportDefinition;
}

/** Loads a report the caller may read, or a generated default one. */
export async function loadReport(ctx: RequestContext, source: ReportSource): Promise<LoadedReport> {
  if ('typeId' in source) {
    const type = ctx.schema.type(source.typeId);
    if (!type || ctx.perms.forType(sysType.type).read === 'none') throw notFound();
    // A stored report set as the type's default stands in for the generated one, when readable.
    const storedId = source.kind === 'picker' ? type.defaultPickerReportId : type.defaultDisplayReportId;
    const stored = storedId === undefined ? undefined : await readableReport(ctx, storedId);
    if (stored) return storedReport(ctx, stored);
    return { id: null, ...generatedReport(ctx.schema, type, source.kind) };
  }
  const [id] = await resolveIds(ctx.db, ctx.tenantId, [source.reportId]);
  const row = await readableReport(ctx, id!);
  if (!row) throw notFound();
  return storedReport(ctx, row);
}

async function readableReport(ctx: RequestContext, id: EntityId) {
  const [row] = await selectEntities(ctx.db, ctx.tenantId, [id], ctx.perms.readFilter());
  return row?.typeId === sysType.report ? row : undefined;
}

/** A stored report; its definition is parsed once per version of the record (decision 0055). */
function storedReport(ctx: RequestContext, row: EntityRow): LoadedReport {
  const raw = row.data[String(sysField.reportDefinition)];
  return {
    id: row.id,
    title: row.name ?? '',
    definition: storedDefinition(ctx.db, ctx.tenantId, row, raw, parseDefinition),
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
