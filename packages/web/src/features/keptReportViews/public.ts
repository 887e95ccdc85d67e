/**
 * A report's view kept per user in the browser (decision 0035): read and written by the report,
 * and read before the report's code has loaded by the prefetches of the shell and the runner. It is
 * a feature of its own so that those can reach it through a public module without the report's
 * (which loads on demand, decision 0133).
 */
export {
  clearKeptView,
  type KeptReportView,
  keptFiltersOf,
  keptViewForPrefetch,
  keptViewKey,
  readKeptView,
  rememberReportViewer,
  withKeptView,
  writeKeptView,
} from './reportViewStore';
