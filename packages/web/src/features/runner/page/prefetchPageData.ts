import {
  type PageVersionContent,
  type ReportComponentProperties,
  readComponentProperties,
} from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';
import { reportApi } from '../../../api/reportApi';
import { prefetchReport } from '../../../api/reportPrefetch';
import { keptViewForPrefetch } from '../../keptReportViews/public';
import { prefetchPageAggregates } from '../../pages/public';

/**
 * Asks for the first calls of a page's reports, charts and counters as soon as the page's content
 * is known, beside their components' code and mounting (decision 0090): a report's machine then
 * takes the first page with its report info, and a chart its aggregate, instead of asking for them
 * after. A component a filter on the page drives starts with the filter's conditions, a query no
 * prefetch knows, so it asks for itself.
 */
export function prefetchPageData(
  client: Pick<ApiClient, 'call'>,
  content: PageVersionContent,
  user: { tenantId: number; userId: number } | undefined,
): void {
  const driven = new Set<string>();
  for (const c of content.components) {
    if (c.typeAlias !== 'core:filterComponent') continue;
    const read = readComponentProperties(c.typeAlias, c.properties);
    for (const id of (read?.properties as { targetComponentIds?: string[] } | undefined)
      ?.targetComponentIds ?? [])
      driven.add(id);
  }
  prefetchPageAggregates(client, content, driven);
  const reportIds = new Set<number>();
  for (const c of content.components) {
    if (c.typeAlias !== 'core:reportComponent' || driven.has(c.id)) continue;
    const read = readComponentProperties(c.typeAlias, c.properties);
    const reportId = (read?.properties as ReportComponentProperties | undefined)?.reportId;
    if (read?.configured && reportId !== undefined) reportIds.add(reportId);
  }
  if (reportIds.size === 0) return;
  const api = reportApi(client);
  for (const reportId of reportIds)
    prefetchReport(api, reportId, { view: keptViewForPrefetch(reportId, user) });
}
