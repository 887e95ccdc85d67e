import type { InlineEditedRecord, InlineSaveResult } from '@plinth/grid';
import {
  type DeleteDetails,
  deleteDetailsResponse,
  deleteEntitiesRequest,
  deleteEntitiesResponse,
  deleteRequest,
  type EntityId,
  type EntityResponse,
  type ExportFormat,
  type ExportResult,
  entityResponse,
  exportDownloadFileName,
  exportDownloadPath,
  exportPath,
  exportRequest,
  exportResult,
  type IdOrAlias,
  type ModifiedRecord,
  type QuickMenu,
  quickMenuRequest,
  quickMenuResponse,
  type ReportRunResponse,
  reportDefinition,
  reportQuery,
  reportRunResponse,
  saveModifiedRequest,
  saveModifiedResponse,
  type TypeSchemaResponse,
  typeSchemaResponse,
} from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from './apiClient';

/** A report query as the caller writes it: every part optional, the defaults filled in by the contract. */
export type ReportQueryInput = z.input<typeof reportQuery>;

/** "Fetch quick menu actions" (spec 02 §7), in the report's words. */
export interface QuickMenuRequest {
  selectedIds?: readonly EntityId[];
  reportId?: IdOrAlias;
  /** The action entity type: the type of the rows the actions are for. */
  entityTypeId?: IdOrAlias;
  hostIds?: readonly EntityId[];
  hostTypeIds?: readonly EntityId[];
  /** The record of the page's context data. */
  contextEntityId?: EntityId;
}

/** The report entity read for viewing (spec 02 §3): the root type and the types it inherits. */
export interface ReportEntityInfo {
  /** The root type's alias; 'core:document' marks document reports. */
  typeAlias?: string;
  typeName?: string;
  /** Aliases of the types the root type inherits, used to detect task and process-run records. */
  inheritedTypeAliases: string[];
}

/** A row's record read before opening it: its name, whether it can be edited, and its kind. */
export interface RowEntityInfo {
  id: EntityId;
  name?: string;
  canModify: boolean;
  isTask: boolean;
  isProcessRun: boolean;
}

/** Aliases of the types whose records open as a task or a process run (spec 02 §2). */
export const taskTypeAlias = 'core:task';
export const processRunTypeAlias = 'core:processRun';

export interface ReportApiOptions {
  /** The base path the app is served under ('' for the origin), for addresses the browser opens. */
  baseUrl?: string;
}

/** The calls of the report component (spec 02 §7), each checked against the shared contracts. */
export interface ReportApi {
  runReport(reportId: IdOrAlias, query: ReportQueryInput, signal?: AbortSignal): Promise<ReportRunResponse>;
  runPublicReport(
    tenant: string,
    reportId: number,
    query: ReportQueryInput,
    signal?: AbortSignal,
  ): Promise<ReportRunResponse>;
  fetchQuickMenuActions(request: QuickMenuRequest, signal?: AbortSignal): Promise<QuickMenu>;
  /** Starts an export of what the report shows; paging is left out (an export holds every row). */
  exportReport(
    reportId: IdOrAlias,
    query: ReportQueryInput,
    format: ExportFormat,
    signal?: AbortSignal,
  ): Promise<ExportResult>;
  /** The address that downloads an exported file once. */
  exportDownloadUrl(result: ExportResult, title: string): string;
  /** Downloads an exported file, saved under the report title. */
  downloadExport(result: ExportResult, title: string): void;
  /** What deleting the records would also delete and unlink, with the records named. */
  fetchDeleteDetails(ids: readonly EntityId[], signal?: AbortSignal): Promise<DeleteDetails>;
  /**
   * Deletes one record or a list, with their dependents; answers every id deleted. With `shown`
   * (the ids a confirmation showed), the server refuses a delete that would take any other record.
   */
  deleteEntities(
    ids: EntityId | readonly EntityId[],
    signal?: AbortSignal,
    shown?: readonly EntityId[],
  ): Promise<EntityId[]>;
  /** Saves inline edits; answers one result per record, in order (none for no records). */
  saveModifiedEntities(
    records: readonly InlineEditedRecord[],
    signal?: AbortSignal,
  ): Promise<InlineSaveResult[]>;
  fetchEntityTypeSchema(typeId: IdOrAlias, signal?: AbortSignal): Promise<TypeSchemaResponse>;
  fetchEntity(id: IdOrAlias, query?: string, signal?: AbortSignal): Promise<EntityResponse>;
  /** The report's root type; nothing known when the definition cannot be read. */
  fetchReportEntity(reportId: IdOrAlias, signal?: AbortSignal): Promise<ReportEntityInfo>;
  fetchRowEntity(id: EntityId, signal?: AbortSignal): Promise<RowEntityInfo>;
  /** Every type derived from core:person, at any depth (person-like columns show an avatar). */
  fetchPersonDerivedTypeIds(signal?: AbortSignal): Promise<EntityId[]>;
  /** A document's file: downloaded, or shown in the browser with `inline` (a preview). */
  fileUrl(fileId: EntityId, options?: { inline?: boolean }): string;
}

const segment = (value: string | number) => encodeURIComponent(String(value));
const maxDerivedTypes = 500;
/** Only the root type of a stored definition matters here; the rest is the report engine's. */
const storedRootType = z.object({ rootTypeId: reportDefinition.shape.rootTypeId });

/** The root type of a stored report definition (a JSON text), if it can be read. */
function rootTypeOf(stored: unknown): EntityId | undefined {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      return undefined;
    }
  }
  const parsed = storedRootType.safeParse(value);
  return parsed.success ? parsed.data.rootTypeId : undefined;
}

/** The aliases of the types a type inherits (its ancestors without itself). */
function inheritedAliases(typeId: EntityId, ancestors: TypeSchemaResponse['ancestors']): string[] {
  return ancestors.filter((a) => a.id !== typeId && a.alias !== null).map((a) => a.alias as string);
}

/**
 * The report component's calls on the typed client.
 *
 * @example
 * const api = reportApi(apiClient);
 * const page = await api.runReport(reportId, { startIndex: 0, pageSize: 201 }, signal);
 */
export function reportApi(client: Pick<ApiClient, 'call'>, options: ReportApiOptions = {}): ReportApi {
  const baseUrl = options.baseUrl ?? '';
  const exportDownloadUrl = (result: ExportResult, title: string) =>
    `${baseUrl}${exportDownloadPath(result, title)}`;
  const fetchEntityTypeSchema = (typeId: IdOrAlias, signal?: AbortSignal) =>
    client.call(
      'GET',
      `/spapi/data/v1/schema/type/${segment(typeId)}`,
      typeSchemaResponse,
      undefined,
      signal,
    );
  const fetchEntity = (id: IdOrAlias, query?: string, signal?: AbortSignal) =>
    client.call(
      'GET',
      `/spapi/data/v1/entity/${segment(id)}${query === undefined ? '' : `?query=${encodeURIComponent(query)}`}`,
      entityResponse,
      undefined,
      signal,
    );
  return {
    runReport: (reportId, query, signal) =>
      client.call(
        'POST',
        `/spapi/data/v1/report/${segment(reportId)}`,
        reportRunResponse,
        reportQuery.parse(query),
        signal,
      ),

    runPublicReport: (tenant, reportId, query, signal) =>
      client.call(
        'POST',
        `/spapi/data/v1/public/${segment(tenant)}/report/${segment(reportId)}`,
        reportRunResponse,
        reportQuery.parse(query),
        signal,
      ),

    fetchQuickMenuActions: async (request, signal) => {
      const body = quickMenuRequest.parse({
        ids: request.selectedIds,
        reportId: request.reportId,
        entityTypeId: request.entityTypeId,
        hostIds: request.hostIds,
        hostTypeIds: request.hostTypeIds,
        contextEntityId: request.contextEntityId,
      });
      const answer = await client.call(
        'POST',
        '/spapi/data/v1/actions/menu',
        quickMenuResponse,
        body,
        signal,
      );
      return answer.data;
    },

    exportReport: (reportId, query, format, signal) => {
      const { sort, conds, quickSearch, isReset, limitOperator, limitValue, relationDetail, entityTypeId } =
        reportQuery.parse(query);
      const body = exportRequest.parse({
        sort,
        conds,
        quickSearch,
        isReset,
        limitOperator,
        limitValue,
        relationDetail,
        entityTypeId,
      });
      return client.call('POST', exportPath(reportId, format), exportResult, body, signal);
    },

    exportDownloadUrl,

    downloadExport: (result, title) => {
      const link = document.createElement('a');
      link.href = exportDownloadUrl(result, title);
      // The server names the file the same way (Content-Disposition), from the title it has.
      link.download = exportDownloadFileName(result, title);
      link.rel = 'noopener';
      link.style.display = 'none';
      document.body.append(link);
      try {
        link.click();
      } finally {
        link.remove();
      }
    },

    fetchDeleteDetails: (ids, signal) =>
      client.call(
        'POST',
        '/spapi/data/v1/entity/deleteDetails',
        deleteDetailsResponse,
        deleteRequest.parse({ ids: [...ids] }),
        signal,
      ),

    deleteEntities: async (ids, signal, shown) => {
      const list = typeof ids === 'number' ? [ids] : [...ids];
      if (list.length === 0) return [];
      const answer = await client.call(
        'POST',
        '/spapi/data/v1/entity/delete',
        deleteEntitiesResponse,
        deleteEntitiesRequest.parse(shown ? { ids: list, shown: [...shown] } : { ids: list }),
        signal,
      );
      return answer.deleted;
    },

    saveModifiedEntities: async (records, signal) => {
      if (records.length === 0) return [];
      const body = saveModifiedRequest.parse({ records: records.map(modifiedRecordOf) });
      const answer = await client.call(
        'POST',
        '/spapi/data/v1/entity/saveModified',
        saveModifiedResponse,
        body,
        signal,
      );
      return answer.results;
    },

    fetchEntityTypeSchema,
    fetchEntity,

    fetchReportEntity: async (reportId, signal) => {
      const report = await fetchEntity(reportId, 'reportDefinition', signal);
      const rootTypeId = rootTypeOf(report.reportDefinition);
      if (rootTypeId === undefined) return { inheritedTypeAliases: [] };
      const { type, ancestors } = await fetchEntityTypeSchema(rootTypeId, signal);
      return {
        ...(type.alias === undefined ? {} : { typeAlias: type.alias }),
        typeName: type.name,
        inheritedTypeAliases: inheritedAliases(type.id, ancestors),
      };
    },

    fetchRowEntity: async (id, signal) => {
      const entity = await fetchEntity(id, 'name', signal);
      const { type, ancestors } = await fetchEntityTypeSchema(entity.typeId, signal);
      const aliases = new Set([type.alias, ...inheritedAliases(type.id, ancestors)]);
      return {
        id: entity.id,
        ...(entity.name === null ? {} : { name: entity.name }),
        canModify: entity.canModify,
        isTask: aliases.has(taskTypeAlias),
        isProcessRun: aliases.has(processRunTypeAlias),
      };
    },

    fetchPersonDerivedTypeIds: async (signal) => {
      const found = new Set<EntityId>();
      let level: IdOrAlias[] = ['core:person'];
      // Level by level; the cap bounds the calls should the server ever answer a cycle.
      while (level.length > 0 && found.size < maxDerivedTypes) {
        const schemas = await Promise.all(level.map((typeId) => fetchEntityTypeSchema(typeId, signal)));
        const next = schemas
          .flatMap((schema) => schema.derivedTypes.map((t) => t.id))
          .filter((id) => !found.has(id));
        for (const id of next) found.add(id);
        level = [...new Set(next)];
      }
      return [...found];
    },

    fileUrl: (fileId, fileOptions) =>
      `${baseUrl}/spapi/data/v2/file/${segment(fileId)}${fileOptions?.inline ? '?inline=1' : ''}`,
  };
}

/**
 * An edited record as the save call takes it: fields by `#fieldId`, relationships by
 * `#relId:fwd|rev` replaced with the chosen records. A cell that names neither is not a member
 * edit and is left out.
 */
function modifiedRecordOf(record: InlineEditedRecord): ModifiedRecord {
  const fields: Record<string, unknown> = {};
  const relationships: Record<string, { set: EntityId[] }> = {};
  for (const cell of Object.values(record.cells)) {
    if (cell.fid !== undefined) fields[`#${cell.fid}`] = cell.value ?? null;
    else if (cell.rid !== undefined) {
      relationships[`#${cell.rid}:${cell.rev ? 'rev' : 'fwd'}`] = { set: relatedIds(cell.value) };
    }
  }
  return {
    id: record.eid,
    ...(record.version === undefined ? {} : { version: record.version }),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
  };
}

/** The related record ids of a relationship cell's value: one id, ids, or picked items `{ id, name }`. */
function relatedIds(value: unknown): EntityId[] {
  const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const ids = items.map((item) =>
    typeof item === 'number'
      ? item
      : typeof item === 'object' && item !== null
        ? (item as { id?: unknown }).id
        : undefined,
  );
  return [
    ...new Set(ids.filter((id): id is EntityId => typeof id === 'number' && Number.isInteger(id) && id > 0)),
  ];
}
