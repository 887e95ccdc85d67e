import {
  type IdOrAlias,
  type ReportAggregateRequest,
  type ReportAggregateResponse,
  reportAggregateRequest,
  reportAggregateResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';

/** One aggregate of a report, per value of a column or in total (page charts and counters). */
export function fetchReportAggregate(
  client: Pick<ApiClient, 'call'>,
  reportId: IdOrAlias,
  request: ReportAggregateRequest,
  signal?: AbortSignal,
): Promise<ReportAggregateResponse> {
  return client.call(
    'POST',
    `/spapi/data/v1/report/${encodeURIComponent(String(reportId))}/aggregate`,
    reportAggregateResponse,
    reportAggregateRequest.parse(request),
    signal,
  );
}
