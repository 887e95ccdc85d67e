import { isWritableField, reachesMany, type TypeSchemaField, type TypeSchemaResponse } from '@plinth/schema';

/** A field or to-one relationship end a step may set, with the type the server compiles its value to. */
export interface MemberChoice {
  id: number;
  name: string;
  /** The calculation type of the value: the field's storage type, or Entity for a relationship. */
  expectedResultType: string | undefined;
}

/** The calculation type a field of this storage holds (as the server's storageExpected). */
export function calcTypeOfField(field: Pick<TypeSchemaField, 'storage'>): string | undefined {
  switch (field.storage) {
    case 'string':
      return 'String';
    case 'int':
      return 'Int32';
    case 'decimal':
      return 'Decimal';
    case 'currency':
      return 'Currency';
    case 'date':
      return 'Date';
    case 'time':
      return 'Time';
    case 'dateTime':
      return 'DateTime';
    case 'bool':
      return 'Bool';
    default:
      return undefined;
  }
}

/**
 * What a set-fields or create-record step may write on a record of the type: its writable fields
 * and its relationship ends that hold one record, either direction (a relationship goes by its id;
 * one that relates the type to itself is written forward, as the server reads it).
 */
export function assignableMembers(schema: TypeSchemaResponse): MemberChoice[] {
  const fields = schema.fields
    .filter((f) => isWritableField(f))
    .map((f) => ({ id: f.id, name: f.name, expectedResultType: calcTypeOfField(f) }));
  const seen = new Set<number>();
  const ends = [...schema.relationships]
    .sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'fwd' ? -1 : 1))
    .filter((end) => {
      if (seen.has(end.id)) return false;
      seen.add(end.id);
      return !reachesMany(end, end.direction);
    })
    .map((end) => ({ id: end.id, name: end.endName, expectedResultType: 'Entity' }));
  return [...fields, ...ends].sort((a, b) => a.name.localeCompare(b.name));
}

/** The relationships a link step may follow from a record of the type: those that start from it. */
export function linkableRelationships(schema: TypeSchemaResponse): Array<{ id: number; name: string }> {
  return schema.relationships
    .filter((end) => end.direction === 'fwd')
    .map((end) => ({ id: end.id, name: end.endName }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
