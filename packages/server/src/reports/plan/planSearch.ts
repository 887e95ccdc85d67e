import type { EntityId, ReportQuery, Schema } from '@plinth/schema';
import type { Engine } from '../../db/tables.js';
import { badRequest } from '../../http/errors.js';
import { autoNumberSearchTerms } from '../autoNumberSearch.js';
import { conditionApplies, type EffectiveCondition } from '../conditionSql.js';
import type { ResolvedColumn } from '../resolveColumns.js';
import type { PlannedSearch, PlannedSort, SearchWalk } from './planTypes.js';

/** The query's quick search, if any: its trimmed term. */
export function planSearch(query: ReportQuery): PlannedSearch | undefined {
  const term = query.quickSearch?.trim();
  if (term?.includes('\u0000')) throw badRequest('The search text cannot hold the character NUL.');
  return term ? { term } : undefined;
}

export interface WalkFacts {
  engine: Engine;
  schema: Schema;
  query: ReportQuery;
  rootTypeIds: readonly EntityId[];
  sorts: readonly PlannedSort[];
  conditions: readonly EffectiveCondition[];
  search: PlannedSearch | undefined;
  searchColumns: readonly ResolvedColumn[] | undefined;
}

/**
 * Whether the page is read by walking the ordered search index in name order (decisions 0031,
 * 0154): on SQLite, sorted by the root record's name only (either way), over one type, not limited
 * to a few given records (a relationship's, a picker's), for a term of three characters or more:
 * the quick search's, when it has no auto-number match and is not a public view's search of the
 * columns it shows; or, without a quick search, a Contains condition's on the name. The index holds
 * each record's name in its search document, so the walk selects more records than such a
 * condition, never fewer, and the condition still decides.
 */
export function planWalk(facts: WalkFacts): SearchWalk | undefined {
  const { query, rootTypeIds, sorts, search } = facts;
  const [sort] = sorts;
  const byName = sorts.length === 1 && !sort!.group && isNameColumn(sort!.column);
  const fewRecords = query.relationDetail || query.inclids?.length || query.filtereids?.length;
  if (facts.engine !== 'sqlite' || !byName || rootTypeIds.length !== 1 || fewRecords) return undefined;
  const walk = (term: string, conditionId?: string): SearchWalk => ({
    typeId: rootTypeIds[0]!,
    descending: sort!.order === 'Descending',
    term,
    ...(conditionId === undefined ? {} : { conditionId }),
  });
  if (search) {
    const rootFields = rootTypeIds.flatMap((id) => facts.schema.fieldsOf(id));
    const numbered = autoNumberSearchTerms(rootFields, search.term).length > 0;
    return facts.searchColumns || !walkable(search.term) || numbered ? undefined : walk(search.term);
  }
  const named = facts.conditions.find(
    (c) =>
      c.oper === 'Contains' && isNameColumn(c.column) && conditionApplies(c) && walkable(String(c.value)),
  );
  return named ? walk(String(named.value), named.id) : undefined;
}

/** A trigram index finds terms of three characters or more. */
const walkable = (term: string) => [...term].length >= 3;

/** Whether a column is the root record's name. */
const isNameColumn = (column: ResolvedColumn) =>
  column.kind === 'field' && column.path.length === 0 && column.field.column === 'name';
