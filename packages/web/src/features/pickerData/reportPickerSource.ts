import type {
  PickerConfig,
  PickerDataSource,
  PickerPage,
  PickerPageRequest,
  PickerRow,
} from '@plinth/fields';
import { reportQuery, reportRunResponse } from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';
import { namesByIds } from './entityPickerSource';
import { reportPickerPage } from './reportPickerPage';

/**
 * Choice values come from the enum-value lookup when nothing narrows them (spec 02 §7): no search,
 * no filters, the type's own values report, and not the modal, whose grid needs the report's columns.
 */
function usesEnumLookup({ config, search }: PickerPageRequest): boolean {
  return (
    config.isEnumeration === true &&
    !config.isModal &&
    (config.reportId === undefined || config.reportId === null) &&
    config.relationshipEnd === undefined &&
    search.trim() === '' &&
    Object.keys(config.filters ?? {}).length === 0
  );
}

/** A choice type's values, in the server's order (order, then name); retired ones are not offered. */
async function enumValuePage(client: ApiClient, request: PickerPageRequest, signal?: AbortSignal) {
  const values = await client.enumValues(request.config.typeId, signal);
  const rows = values
    .filter((value) => !value.isRetired)
    .map(
      (value): PickerRow => ({
        id: value.id,
        name: value.name,
        colour: value.colour,
        iconImageId: value.iconImageId,
      }),
    );
  return { rows, hasNameColumn: true };
}

/**
 * The report call's path: the configured report; else the relationship end's picker report
 * (decision 0110: the server runs the type's when the user may not run the end's); else the
 * type's picker report.
 */
function reportPath({ reportId, relationshipEnd: end, typeId }: PickerConfig): string {
  if (reportId !== undefined && reportId !== null)
    return `/spapi/data/v1/report/${encodeURIComponent(String(reportId))}`;
  if (end) return `/spapi/data/v1/report/relationship/${end.relationshipId}/${end.direction}/picker`;
  return `/spapi/data/v1/report/type/${encodeURIComponent(String(typeId))}/picker`;
}

/**
 * Picker data from the report call (spec 02 §7 "Picker data"): the picker report (see
 * `reportPath`; a configured template report is narrowed to the picker's type) with quick search,
 * usage Picker, page size + 1 and the metadata asked for; a choice type's values through the
 * enum-value lookup when unsearched.
 */
export function reportPickerSource(client: ApiClient): PickerDataSource {
  return {
    async fetchPage(request, signal): Promise<PickerPage> {
      if (usesEnumLookup(request)) return enumValuePage(client, request, signal);
      const { config } = request;
      const hasReport = config.reportId !== undefined && config.reportId !== null;
      const path = reportPath(config);
      const search = request.search.trim();
      const metadata = request.metadata ?? 'colbasic';
      const body = reportQuery.parse({
        startIndex: request.startIndex,
        pageSize: request.pageSize === 0 ? 200 : request.pageSize,
        metadata,
        usage: 'Picker',
        ...(search ? { quickSearch: search } : {}),
        ...(hasReport && config.isTemplateReport ? { entityTypeId: config.typeId } : {}),
      });
      const answer = await client.call('POST', path, reportRunResponse, body, signal);
      return reportPickerPage(answer, {
        isPerson: config.isPeople === true,
        isFullMetadata: metadata === 'full',
      });
    },
    fetchByIds: (ids, signal) => namesByIds(client, ids, signal),
    fetchTemplateReportIds: (signal) => client.templateReportIds(signal),
  };
}
