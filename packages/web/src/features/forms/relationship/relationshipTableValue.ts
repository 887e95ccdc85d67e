import { type EntityChange, type EntityRef, reachesMany, type TypeSchemaRelationship } from '@plinth/schema';
import {
  flaggedIds,
  hasRelationshipChanges,
  noRelationshipChanges,
  type RelatedRecord,
  type RelationshipChanges,
  relatedRecords,
  relationshipChangesOf,
} from './relationshipChanges';

/**
 * A relationship table's value in a record form: the related records as read with the record (the
 * first few; the table pages the rest through the display report) and the changes since.
 */
export interface RelationshipTableValue {
  read: readonly RelatedRecord[];
  changes: RelationshipChanges;
}

/** How many related records a form reads with its record (a table pages the rest). */
export const relatedListLimit = 50;

/** Whether a relationship end shows as a relationship table: it reaches many records, not a choice. */
export const isTableEnd = (node: { isToMany: boolean; end: Pick<TypeSchemaRelationship, 'relType'> }) =>
  node.isToMany && node.end.relType !== 'multiChoiceField';

/** The records of a list as read; anything but a list is none. */
const refsOf = (raw: unknown): RelatedRecord[] => (Array.isArray(raw) ? relatedRecords(raw) : []);

/** The value as the form holds it: a list as read becomes a value without changes. */
export function tableValueOf(value: unknown): RelationshipTableValue {
  if (Array.isArray(value)) return { read: refsOf(value), changes: noRelationshipChanges };
  const v = (value ?? {}) as Partial<RelationshipTableValue>;
  return { read: refsOf(v.read), changes: relationshipChangesOf(v.changes) };
}

export const isTableValueChanged = (value: unknown) => hasRelationshipChanges(tableValueOf(value).changes);

/**
 * Whether nothing would be related once saved (spec 03 §5: a mandatory relationship list that is
 * empty): none read that stays, none added, none new. A full read list may hide more: not empty.
 */
export function isTableValueEmpty(value: unknown): boolean {
  const { read, changes } = tableValueOf(value);
  if (read.length >= relatedListLimit) return false;
  const kept = read.filter((r) => changes.flags[r.id] !== false);
  return kept.length === 0 && flaggedIds(changes, true).length === 0 && changes.created.length === 0;
}

/** The script name of the end seen from the related records' side. */
export const otherEndKey = (
  end: Pick<TypeSchemaRelationship, 'direction' | 'fromScriptName' | 'toScriptName'>,
) => (end.direction === 'fwd' ? end.fromScriptName : end.toScriptName);

type SavedEnd = Pick<TypeSchemaRelationship, 'direction' | 'fromScriptName' | 'toScriptName' | 'cardinality'>;

/** Whether each related record holds one record through this relationship (a contact's one account). */
export const isRelatedSideSingle = (end: Pick<TypeSchemaRelationship, 'direction' | 'cardinality'>) =>
  !reachesMany(end, end.direction === 'fwd' ? 'rev' : 'fwd');

/**
 * What a record's save sends for a table's changes: the relationship change of the end (added and
 * removed ids); the new related records, each created in the same save and related to the record
 * through its own end (so a related type that must have this record can be created); and, when
 * each related record holds only one such record, the added ones moved here through their own end
 * (decision 0082) — adding from this side would be refused for a record another one holds.
 */
export function tableSaveChanges(
  end: SavedEnd,
  recordId: EntityRef,
  value: unknown,
): { change: { add?: number[]; remove?: number[] } | undefined; created: EntityChange[] } {
  const { changes } = tableValueOf(value);
  const isMove = isRelatedSideSingle(end);
  const added = flaggedIds(changes, true);
  const add = isMove ? [] : added;
  const remove = flaggedIds(changes, false);
  const change =
    add.length + remove.length === 0
      ? undefined
      : { ...(add.length > 0 ? { add } : {}), ...(remove.length > 0 ? { remove } : {}) };
  const key = otherEndKey(end);
  const created = changes.created.map(
    (r): EntityChange => ({
      id: `new:${r.key}`,
      typeId: r.typeId,
      ...(r.body.fields ? { fields: r.body.fields } : {}),
      relationships: { ...r.body.relationships, [key]: { add: [recordId] } },
    }),
  );
  const moved = isMove
    ? added.map((id): EntityChange => ({ id, relationships: { [key]: { set: [recordId] } } }))
    : [];
  return { change, created: [...created, ...moved] };
}
