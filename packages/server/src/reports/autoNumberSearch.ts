import { autoNumberFromDisplay, type FieldDef } from '@plinth/schema';

/**
 * The auto-number fields a quick search term names a number of (decision 0023): the term is the
 * whole text a field's display pattern shows ('OPP-1012', any case) or the number alone ('1012').
 * The match is exact, on the number, so the field's sort index answers it.
 */
export function autoNumberSearchTerms(
  fields: readonly FieldDef[],
  term: string,
): Array<{ field: FieldDef; value: number }> {
  const seen = new Set<number>();
  return fields.flatMap((field) => {
    if (field.storage !== 'autoNumber' || field.type === 'Calculation' || seen.has(field.id)) return [];
    seen.add(field.id);
    const value = autoNumberFromDisplay(field.autoNumberDisplayPattern, term);
    return value === undefined ? [] : [{ field, value }];
  });
}
