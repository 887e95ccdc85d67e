import type { PickerDataSource } from '@plinth/fields';
import type { ApiClient } from '../../api/apiClient';
import { entityPickerSource } from './entityPickerSource';
import { reportPickerSource } from './reportPickerSource';

/**
 * Picker data: the report call (spec 02 §7), except when the host narrows the records with
 * equality filters on members (a parent record and the like), which the report call cannot take by
 * member name — then the entity service lists the type's records with those filters applied.
 */
export function pickerSource(client: ApiClient): PickerDataSource {
  const report = reportPickerSource(client);
  const entity = entityPickerSource(client);
  return {
    fetchPage: (request, signal) =>
      Object.keys(request.config.filters ?? {}).length > 0
        ? entity.fetchPage(request, signal)
        : report.fetchPage(request, signal),
    fetchByIds: (ids, signal) => entity.fetchByIds(ids, signal),
    fetchTemplateReportIds: (signal) => report.fetchTemplateReportIds(signal),
  };
}
