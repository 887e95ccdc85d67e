import { type EntityId, type ReportQuery, type Schema, sysType } from '@plinth/schema';
import type { ResolvedColumn } from '../resolveColumns.js';

/** What the plan needs of the caller's access: whether a type's reads are limited by row rules. */
export interface ReadRules {
  hasRowRules(action: 'read', typeId: EntityId): boolean;
}

/**
 * The types whose records or links a report query can read, for its cache markers; undefined
 * (every type) when it cannot tell: calculations, rules with calculations and related-record
 * filters may read any record.
 */
export function typesRead(
  schema: Schema,
  access: ReadRules,
  rootTypeId: EntityId,
  columns: readonly ResolvedColumn[],
  query: ReportQuery,
): EntityId[] | undefined {
  if (query.relationDetail) return undefined;
  const types = new Set<EntityId>();
  const add = (typeId: EntityId) => {
    for (const t of schema.descendants(typeId)) types.add(t);
  };
  add(rootTypeId);
  for (const c of columns) {
    if (c.kind === 'field' && c.field.type === 'Calculation') return undefined;
    for (const step of c.path) add(step.typeId);
    if (c.kind === 'relationship') {
      add(c.targetTypeId);
      // The current-user condition follows the link between user accounts and people.
      if (schema.isA(c.targetTypeId, sysType.person) || schema.isA(c.targetTypeId, sysType.userAccount)) {
        add(sysType.person);
        add(sysType.userAccount);
      }
    }
  }
  for (const t of types) if (access.hasRowRules('read', t)) return undefined;
  return [...types].sort((a, b) => a - b);
}
