import type { EntityId, ReportQuery, Schema } from '@plinth/schema';
import type { Engine } from '../../db/tables.js';
import { badRequest } from '../../http/errors.js';
import { autoNumberSearchTerms } from '../autoNumberSearch.js';
import type { ResolvedColumn } from '../resolveColumns.js';
import type { PlannedSearch, PlannedSort } from './planTypes.js';

/**
 * The query's quick search, if any, and whether it is read by walking the ordered search index
 * (decision 0031): on SQLite, a term of three or more characters, sorted by the root record's name
 * only (either way), over one type, with no auto-number match, not limited to a few given records
 * (a relationship's, a picker's) and not a public view's search of the columns it shows.
 */
export function planSearch(
  engine: Engine,
  schema: Schema,
  query: ReportQuery,
  rootTypeIds: readonly EntityId[],
  sorts: readonly PlannedSort[],
  searchColumns: readonly ResolvedColumn[] | undefined,
): PlannedSearch | undefined {
  const term = query.quickSearch?.trim();
  if (term?.includes('\u0000')) throw badRequest('The search text cannot hold the character NUL.');
  if (!term) return undefined;
  if (searchColumns || engine !== 'sqlite' || [...term].length < 3) return { term, walk: undefined };
  const [sort] = sorts;
  const byName = sorts.length === 1 && !sort!.group && isNameColumn(sort!.column);
  const rootFields = rootTypeIds.flatMap((id) => schema.fieldsOf(id));
  const numbered = autoNumberSearchTerms(rootFields, term).length > 0;
  const fewRecords = query.relationDetail || query.inclids?.length || query.filtereids?.length;
  if (!byName || rootTypeIds.length !== 1 || numbered || fewRecords) return { term, walk: undefined };
  return { term, walk: { typeId: rootTypeIds[0]!, descending: sort!.order === 'Descending' } };
}

/** Whether a column is the root record's name. */
const isNameColumn = (column: ResolvedColumn) =>
  column.kind === 'field' && column.path.length === 0 && column.field.column === 'name';
