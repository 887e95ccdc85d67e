import type { PickerConfig } from '@plinth/fields';
import type { TypeSchemaRelationship } from '@plinth/schema';

/** What an end says of its own reports (`GET schema/type/{id}`). */
export type EndWithReports = Pick<
  TypeSchemaRelationship,
  'id' | 'direction' | 'toDisplayReportId' | 'toPickerReportId' | 'fromDisplayReportId' | 'fromPickerReportId'
>;

/**
 * The report an end names for the records it reaches, if any: forward, the to-Object's
 * (toDisplayReport, toPickerReport); reverse, the from-Object's.
 */
export function endReportId(end: EndWithReports, kind: 'display' | 'picker'): number | undefined {
  if (end.direction === 'fwd') return kind === 'picker' ? end.toPickerReportId : end.toDisplayReportId;
  return kind === 'picker' ? end.fromPickerReportId : end.fromDisplayReportId;
}

/**
 * Which report a picker of the end lists its records through (decision 0110): the component's own
 * picker report; else the end's, which the server runs (or the type's, when the user may not run
 * it); else, as before, the type's picker report.
 */
export function endPickerConfig(
  end: EndWithReports,
  ownReportId?: number | undefined,
): Pick<PickerConfig, 'reportId' | 'relationshipEnd'> {
  if (ownReportId !== undefined) return { reportId: ownReportId };
  return endReportId(end, 'picker') === undefined
    ? {}
    : { relationshipEnd: { relationshipId: end.id, direction: end.direction } };
}
