import type { PickerDataSource, PickerPage, PickerRow } from '@plinth/fields';
import { reportQuery, reportRunResponse } from '@plinth/schema';
import { type ApiClient, ApiError } from '../../api/apiClient';

/**
 * Picker data over the entity service (`POST /spapi/data/v1/entity/ofType`): pages of a type's
 * records by name. That call has no name search yet, so a search here is applied to the fetched
 * page only; the report-based source below searches on the server.
 */
export function entityPickerSource(client: ApiClient): PickerDataSource {
  return {
    async fetchPage(request, signal): Promise<PickerPage> {
      const filter = request.config.filters;
      const answer = await client.entitiesOfType(
        {
          typeId: request.config.typeId,
          query: 'name',
          ...(filter ? { filter } : {}),
          startIndex: request.startIndex,
          pageSize: request.pageSize === 0 ? 200 : request.pageSize,
        },
        signal,
      );
      const search = request.search.trim().toLowerCase();
      const rows: PickerRow[] = answer.entities
        .map((entity) => ({ id: entity.id, name: entity.name }))
        .filter((row) => search === '' || (row.name ?? '').toLowerCase().includes(search));
      return { rows, hasNameColumn: true };
    },
    async fetchByIds(ids, signal) {
      const answer = await client.getEntities({ ids, query: 'name' }, signal);
      return answer.entities.map((entity) => ({ id: entity.id, name: entity.name }));
    },
  };
}

/**
 * Picker data from the report call (spec 02 §7 "Picker data"): the type's picker report
 * (`POST /spapi/data/v1/report/type/{type}/picker`, or the configured report) with quick search,
 * usage Picker and page size + 1. Choice colours come with the name cell.
 */
export function reportPickerSource(client: ApiClient): PickerDataSource {
  return {
    async fetchPage(request, signal): Promise<PickerPage> {
      const path =
        request.config.reportId !== undefined && request.config.reportId !== null
          ? `/spapi/data/v1/report/${encodeURIComponent(String(request.config.reportId))}`
          : `/spapi/data/v1/report/type/${encodeURIComponent(String(request.config.typeId))}/picker`;
      const search = request.search.trim();
      const body = reportQuery.parse({
        startIndex: request.startIndex,
        pageSize: request.pageSize === 0 ? 200 : request.pageSize,
        metadata: 'colbasic',
        usage: 'Picker',
        ...(search ? { quickSearch: search } : {}),
      });
      const answer = await client.call('POST', path, reportRunResponse, body, signal);
      const columns = Object.entries(answer.meta?.rcols ?? {}).sort(([, a], [, b]) => a.ord - b.ord);
      const nameIndex = columns.findIndex(([, column]) => column.entityname === true);
      if (nameIndex < 0) return { rows: [], hasNameColumn: false };
      const isPerson = request.config.isPeople === true;
      const rows: PickerRow[] = answer.gdata.map((row) => {
        const cell = row.values[nameIndex];
        if (cell && 'val' in cell) {
          return {
            id: row.eid,
            name: cell.val === null ? null : String(cell.val),
            ...(isPerson ? { isPerson } : {}),
          };
        }
        const first = cell && 'vals' in cell ? cell.vals[0] : undefined;
        return { id: row.eid, name: first?.val ?? null, colour: first?.color ?? null };
      });
      return { rows, hasNameColumn: true };
    },
    async fetchByIds(ids, signal) {
      const answer = await client.getEntities({ ids, query: 'name' }, signal);
      return answer.entities.map((entity) => ({ id: entity.id, name: entity.name }));
    },
  };
}

/** The report source, falling back to the entity service when the report call is not there (404). */
export function pickerSource(client: ApiClient): PickerDataSource {
  const report = reportPickerSource(client);
  const entity = entityPickerSource(client);
  let useReport = true;
  return {
    async fetchPage(request, signal) {
      if (useReport) {
        try {
          return await report.fetchPage(request, signal);
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404 && error.message.startsWith('No route')))
            throw error;
          useReport = false;
        }
      }
      return entity.fetchPage(request, signal);
    },
    fetchByIds: (ids, signal) => entity.fetchByIds(ids, signal),
  };
}
