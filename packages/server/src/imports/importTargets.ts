import {
  type CsvImportTarget,
  type Direction,
  type FieldDef,
  isWritableField,
  type RelationshipDef,
  reachesMany,
  relationshipEndName,
  type Schema,
} from '@plinth/schema';

/** A member of a type a column can be imported into, with what the import needs of it. */
export type ImportTarget = CsvImportTarget &
  (
    | { member: 'field'; field: FieldDef }
    | { member: 'relationship'; rel: RelationshipDef; direction: Direction; relatedTypeId: number }
  );

/**
 * The members of a type a column can fill: its writable fields (the Name among them) and its
 * relationship ends that reach one record (lookups, choice fields, the parent of a dependant).
 * Keys are `#id` (`#id:fwd`/`#id:rev` for a relationship end), as a put accepts them, so a field
 * and a relationship of the same script name never mix.
 */
export function importTargets(schema: Schema, typeId: number): ImportTarget[] {
  const fields: ImportTarget[] = schema
    .fieldsOf(typeId)
    .filter((f) => isWritableField(f) && (f.column === undefined || f.column === 'name'))
    .map((field) => ({
      member: 'field',
      field,
      key: `#${field.id}`,
      label: field.name,
      kind: 'field',
      detail: field.type,
      isRequired: field.isRequired,
    }));
  const links: ImportTarget[] = schema
    .relationshipsOf(typeId)
    .filter(({ rel, direction }) => rel.column === undefined && !reachesMany(rel, direction))
    .map(({ rel, direction }) => {
      const relatedTypeId = direction === 'fwd' ? rel.toTypeId : rel.fromTypeId;
      return {
        member: 'relationship',
        rel,
        direction,
        relatedTypeId,
        key: `#${rel.id}:${direction}`,
        label: relationshipEndName(rel, direction).name,
        kind: rel.relType === 'choiceField' ? 'choice' : 'lookup',
        detail: schema.type(relatedTypeId)?.name ?? '',
        isRequired: direction === 'fwd' ? rel.isMandatory : rel.isReverseMandatory,
      };
    });
  return [...fields, ...links];
}

/** The targets as the browser is told of them. */
export function describeTargets(targets: readonly ImportTarget[]): CsvImportTarget[] {
  return targets.map(({ key, label, kind, detail, isRequired }) => ({
    key,
    label,
    kind,
    detail,
    isRequired,
  }));
}

const folded = (s: string) => s.trim().toLowerCase();

/**
 * The proposed mapping: each column to the member whose name or script name is its header,
 * case-insensitively; a member fills one column at most, the first that names it.
 */
export function proposeMapping(
  targets: readonly ImportTarget[],
  columns: readonly string[],
): Array<string | null> {
  const used = new Set<string>();
  return columns.map((column) => {
    const key = folded(column);
    const target = targets.find((t) => {
      if (used.has(t.key)) return false;
      const script =
        t.member === 'field' ? t.field.scriptName : relationshipEndName(t.rel, t.direction).scriptName;
      return folded(t.label) === key || folded(script) === key;
    });
    if (!target) return null;
    used.add(target.key);
    return target.key;
  });
}
