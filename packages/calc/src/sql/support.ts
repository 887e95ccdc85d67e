import type { CalcType } from '../types.js';

/**
 * Functions with no SQL translation: in the Report host they are the compile error
 * `'{name}' is unavailable in reports.` (`all`, `any`, `every` are already in-memory only).
 *
 * - `resource` reads another record by name (and its read rule); `link` needs the app's URLs.
 * - `tonumber`, `todate` parse text, which the two engines do differently (and PostgreSQL raises
 *   errors where the evaluator gives null); `padleft`, `padright` and the encodings have no SQLite
 *   equivalent.
 * - `stdev`, `stdevp`, `var`, `varp` are missing from SQLite; `join`, `first`, `last` and
 *   `distinct` depend on list order, which SQL does not keep.
 * - `timefromparts` and `datetimefromparts` (a wall-clock reading turned into an instant).
 */
export const NOT_IN_REPORTS: ReadonlySet<string> = new Set([
  'all',
  'any',
  'every',
  'resource',
  'link',
  'tonumber',
  'todate',
  'padleft',
  'padright',
  'encodeurl',
  'encodehtml',
  'encodebase64',
  'decodebase64',
  'stdev',
  'stdevp',
  'var',
  'varp',
  'join',
  'first',
  'last',
  'distinct',
  'timefromparts',
  'datetimefromparts',
]);

const temporal = (t: CalcType | undefined) => t?.type === 'Time';

/**
 * Whether a call (by canonical name and argument types) has no SQL translation, and so is an error
 * in the Report host. Some functions translate only for some argument types.
 */
export function unavailableInReports(fn: string, argTypes: readonly CalcType[], report = true): boolean {
  if (!report) return false;
  if (NOT_IN_REPORTS.has(fn)) return true;
  switch (fn) {
    // A format string is .NET-style and needs the evaluator's formatter.
    case 'totext':
      return argTypes.length > 1;
    // Times of day wrap around midnight in dateadd; datediff on times is not translated.
    case 'dateadd':
      return temporal(argTypes[2]);
    case 'datediff':
      return temporal(argTypes[1]) || temporal(argTypes[2]);
    // Text to anything but text parses; record casts need the type hierarchy.
    case 'convert': {
      const to = argTypes[0]?.type;
      const from = argTypes[1]?.type;
      if (to === 'Entity') return true;
      return from === 'String' && to !== 'String';
    }
    // min/max of values: numbers and dates (text and records order differently in SQL).
    case 'min':
    case 'max':
      return (
        argTypes.length > 1 &&
        argTypes.some((t) => t.type === 'String' || t.type === 'Bool' || t.type === 'Entity')
      );
    default:
      return false;
  }
}
