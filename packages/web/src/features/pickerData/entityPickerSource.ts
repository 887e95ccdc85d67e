import type { PickerDataSource, PickerPage, PickerRow } from '@plinth/fields';
import type { ApiClient } from '../../api/apiClient';

/** Selected records missing from the results, by id: their names (`POST /spapi/data/v1/entity/query`). */
export async function namesByIds(client: ApiClient, ids: number[], signal?: AbortSignal) {
  const answer = await client.getEntities({ ids, query: 'name' }, signal);
  return answer.entities.map((entity): PickerRow => ({ id: entity.id, name: entity.name }));
}

/**
 * Picker data over the entity service (`POST /spapi/data/v1/entity/ofType`): pages of a type's
 * records by name. That call has no name search yet, so a search here is applied to the fetched
 * page only; the report-based source searches on the server.
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
    fetchByIds: (ids, signal) => namesByIds(client, ids, signal),
    // This source runs no reports, so none of them is a template.
    fetchTemplateReportIds: async () => [],
  };
}
