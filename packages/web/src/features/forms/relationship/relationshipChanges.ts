import type { PatchEntityRequest } from '@plinth/schema';

/** A related record as forms show it: its id and name. */
export interface RelatedRecord {
  id: number;
  name: string | null;
}

/** Related records as read (`{ id, name }`, a list of them, or nothing): always a list. */
export function relatedRecords(raw: unknown): RelatedRecord[] {
  const list = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw];
  return list.flatMap((r) => {
    if (typeof r !== 'object' || r === null) return [];
    const { id, name } = r as { id?: unknown; name?: unknown };
    return typeof id === 'number' ? [{ id, name: typeof name === 'string' ? name : null }] : [];
  });
}

/** A related record made in the form's modal and not saved yet: saved with the record (decision 0082). */
export interface NewRelatedRecord {
  /** Its key in the save (`new:{key}`), unique in the form. */
  key: string;
  typeId: number;
  name: string | null;
  /** Its values as its own form would save them. */
  body: PatchEntityRequest;
}

/**
 * A relationship table's changes since the record was read (spec 03 §4 "Relationship includes and
 * excludes"): an included (true) or excluded (false) flag per related id, and the new records made
 * in the form, not saved yet. The record's save sends them; discarding the form drops them.
 */
export interface RelationshipChanges {
  /** Related id → true: added, not saved yet; false: removed, not saved yet. */
  flags: Readonly<Record<number, boolean>>;
  /** Names of the records the user added, for the list of pending changes. */
  names: Readonly<Record<number, string | null>>;
  created: readonly NewRelatedRecord[];
}

export const noRelationshipChanges: RelationshipChanges = { flags: {}, names: {}, created: [] };

const withFlag = (
  changes: RelationshipChanges,
  id: number,
  flag: boolean | undefined,
  name?: string | null,
): RelationshipChanges => {
  const flags: Record<number, boolean> = { ...changes.flags };
  const names: Record<number, string | null> = { ...changes.names };
  if (flag === undefined) {
    delete flags[id];
    delete names[id];
  } else {
    flags[id] = flag;
    if (name !== undefined) names[id] = name;
  }
  return { ...changes, flags, names };
};

/**
 * Adds existing records. One the record relates to already (`isRelated`) and that was removed is
 * simply kept again; any other is flagged included.
 */
export function includeRecords(
  changes: RelationshipChanges,
  records: readonly RelatedRecord[],
  isRelated: (id: number) => boolean,
): RelationshipChanges {
  return records.reduce(
    (c, r) => (isRelated(r.id) ? withFlag(c, r.id, undefined) : withFlag(c, r.id, true, r.name)),
    changes,
  );
}

/**
 * Removes a record: one added in this form is simply no longer added; one the record relates to is
 * flagged excluded.
 */
export function excludeRecord(
  changes: RelationshipChanges,
  id: number,
  isRelated: (id: number) => boolean,
  name?: string | null,
): RelationshipChanges {
  return isRelated(id) ? withFlag(changes, id, false, name ?? null) : withFlag(changes, id, undefined);
}

/** Undoes the pending change of one related id. */
export const undoRecordChange = (changes: RelationshipChanges, id: number): RelationshipChanges =>
  withFlag(changes, id, undefined);

export const addNewRecord = (
  changes: RelationshipChanges,
  record: NewRelatedRecord,
): RelationshipChanges => ({
  ...changes,
  created: [...changes.created, record],
});

export const dropNewRecord = (changes: RelationshipChanges, key: string): RelationshipChanges => ({
  ...changes,
  created: changes.created.filter((r) => r.key !== key),
});

/** The ids flagged included (`true`) or excluded (`false`), in the order they were flagged. */
export const flaggedIds = (changes: RelationshipChanges, flag: boolean): number[] =>
  Object.entries(changes.flags).flatMap(([id, f]) => (f === flag ? [Number(id)] : []));

export const hasRelationshipChanges = (changes: RelationshipChanges): boolean =>
  Object.keys(changes.flags).length > 0 || changes.created.length > 0;

/** A value that may be a table's changes, as the form holds it: anything else is no change. */
export function relationshipChangesOf(value: unknown): RelationshipChanges {
  if (typeof value !== 'object' || value === null) return noRelationshipChanges;
  const v = value as Partial<RelationshipChanges>;
  if (typeof v.flags !== 'object' || v.flags === null || !Array.isArray(v.created))
    return noRelationshipChanges;
  return { flags: v.flags, names: v.names ?? {}, created: v.created };
}
