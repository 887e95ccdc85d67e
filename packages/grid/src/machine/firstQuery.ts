import type { ReportQuery } from '@plinth/schema';
import { initialReportContext, queryOf } from './reportContext.js';
import type { ReportMachineInput } from './reportMachineTypes.js';

/**
 * The query a report machine started with `input` sends first — page 1 with full metadata, with a
 * kept view's sort, filters, limit and search applied — so a host can ask for it ahead of the
 * machine (the web app's prefetch) and be handed the very same call.
 */
export const firstReportQueryOf = (input: ReportMachineInput): ReportQuery =>
  queryOf(initialReportContext(input));
