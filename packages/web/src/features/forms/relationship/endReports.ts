import { type EndWithReports, endReportId } from '../../pickerData/public';

/**
 * The call that reads a relationship table's records: the component's own display report; else the
 * end's (decision 0110); else the related type's display report.
 */
export function displayReportPath(
  end: EndWithReports,
  relatedTypeId: number,
  ownReportId?: number | undefined,
): string {
  if (ownReportId !== undefined) return `/spapi/data/v1/report/${ownReportId}`;
  if (endReportId(end, 'display') !== undefined)
    return `/spapi/data/v1/report/relationship/${end.id}/${end.direction}/display`;
  return `/spapi/data/v1/report/type/${relatedTypeId}/display`;
}
