import { sysType } from '@plinth/schema';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { validateReportDefinitions } from './validateReportDefinitions.js';

/** Report records: a definition that would run against the schema as it is. */
export const reportTypeBehaviour: SystemTypeBehaviour = {
  name: 'reports',
  typeIds: [sysType.report],
  validate: (ctx, records, refOf) =>
    validateReportDefinitions(
      ctx,
      records.map((r) => r.row),
      refOf,
    ),
};
