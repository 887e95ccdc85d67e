import type { DataSourceEntry, PageComponent, QueryCondition } from '@plinth/schema';

/** The components whose data source configuration drives them: reports with entries. */
export function dataSourceComponents(components: readonly PageComponent[]): PageComponent[] {
  return components.filter(
    (c) => c.typeAlias === 'core:reportComponent' && c.dataSourceConfiguration.length > 0,
  );
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const idOf = (v: unknown) =>
  typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : v;

/**
 * The report condition a data source entry sets (decision 0087): the entry is named after the
 * report condition it replaces (its `expid`); records (a list, or one) become 'any of' those
 * records, any other value the condition's value. No value (the source is not ready): none.
 */
export function dataSourceCondition(entry: DataSourceEntry, value: unknown): QueryCondition | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value) || (typeof value === 'object' && 'id' in value)) {
    const ids = (Array.isArray(value) ? value : [value]).map(idOf).filter(isId).slice(0, 1000);
    return { expid: entry.name, oper: 'AnyOf', valueList: ids };
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { expid: entry.name, value };
  return null;
}

/** Whether a variable entry reads this variable (names match case-insensitively, spec 03 §5). */
export function readsVariable(entry: DataSourceEntry, name: string): boolean {
  const wanted = name.toLowerCase();
  if (entry.type === 'variable') {
    const own = entry.variableName.toLowerCase();
    // A SelectedRecord reference matches SelectedRecords (spec 03 §5).
    return own === wanted || (own.endsWith('_selectedrecord') && `${own}s` === wanted);
  }
  return entry.expression.toLowerCase().includes(`[${wanted}]`);
}
