import { functionCatalogue, lookupFunction } from '../functions/catalogue.js';
import { translatesToSql } from '../functions/registry.js';
import type { CalcType } from '../types.js';

/**
 * Functions with no SQL translation (each says why in its `notInSql`): in the Report host each is
 * the compile error `'{name}' is unavailable in reports.`
 */
export const NOT_IN_REPORTS: ReadonlySet<string> = new Set(
  functionCatalogue.filter((def) => def.toSql === undefined).map((def) => def.name),
);

/**
 * Whether a call (by canonical name and argument types) has no SQL translation, and so is an error
 * in the Report host. Some functions translate only for some argument types.
 */
export function unavailableInReports(fn: string, argTypes: readonly CalcType[], report = true): boolean {
  const def = lookupFunction(fn)?.def;
  return report && def !== undefined && !translatesToSql(def, argTypes);
}
