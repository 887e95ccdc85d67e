import type { CalcType } from '../types.js';

/**
 * Functions with no SQL translation: in the Report host each is the compile error
 * `'{name}' is unavailable in reports.`
 *
 * - `all`, `any`, `every` are in-memory only by the contract (with `order by`, a clause).
 * - `resource` reads another record by name; `link` needs the app runner's URLs.
 * - `tonumber`, `todate` parse text, which the engines do differently (PostgreSQL raises errors
 *   where the evaluator gives null); the encodings have no SQLite equivalent.
 * - `join`, `first`, `last` and `distinct` depend on list order, which SQL does not keep.
 */
export const NOT_IN_REPORTS: ReadonlySet<string> = new Set([
  'all',
  'any',
  'every',
  'resource',
  'link',
  'tonumber',
  'todate',
  'encodeurl',
  'encodehtml',
  'encodebase64',
  'decodebase64',
  'join',
  'first',
  'last',
  'distinct',
]);

/**
 * Whether a call (by canonical name and argument types) has no SQL translation, and so is an error
 * in the Report host. Some functions translate only for some argument types.
 */
export function unavailableInReports(fn: string, argTypes: readonly CalcType[], report = true): boolean {
  if (!report) return false;
  if (NOT_IN_REPORTS.has(fn)) return true;
  switch (fn) {
    // A format (N2, #,##0.00, dd MMM yyyy…) needs the evaluator's formatter.
    case 'totext':
      return argTypes.length > 1;
    // Text to anything but text parses; a record cast needs the type hierarchy.
    case 'convert': {
      const to = argTypes[0]?.type;
      const from = argTypes[1]?.type;
      return to === 'Entity' || (from === 'String' && to !== 'String');
    }
    default:
      return false;
  }
}
