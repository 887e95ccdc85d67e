import type { PickerDataSource } from '@plinth/fields';
import { type ApiClient, ApiError } from '../../api/apiClient';
import { entityPickerSource } from './entityPickerSource';
import { reportPickerSource } from './reportPickerSource';

/** A 404 for a route the server does not have (an older server), not for a missing record. */
const isMissingRoute = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.message.startsWith('No route');

/**
 * The report source, falling back to the entity service when the report call is not there (404),
 * and to no template reports when their call is not there.
 */
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
          if (!isMissingRoute(error)) throw error;
          useReport = false;
        }
      }
      return entity.fetchPage(request, signal);
    },
    fetchByIds: (ids, signal) => entity.fetchByIds(ids, signal),
    async fetchTemplateReportIds(signal) {
      try {
        return await report.fetchTemplateReportIds(signal);
      } catch (error) {
        if (isMissingRoute(error)) return [];
        throw error;
      }
    },
  };
}
