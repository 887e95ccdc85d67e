import type { NamedEntity, TypeSchemaResponse } from '@plinth/schema';
import { useCallback, useEffect, useState } from 'react';
import type { SchemaApi } from '../schemaApi';

/** A type's fields and relationship ends as names its new members must not take. */
export function membersOfSchema(schema: TypeSchemaResponse): NamedEntity[] {
  return [
    ...schema.fields.map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName })),
    ...schema.relationships.map((r) => ({ id: r.id, name: r.endName, scriptName: r.endScriptName })),
  ];
}

/**
 * The members of the Objects at both ends of a relationship: the page's own (given) and the other
 * end's, read when it is chosen. An Object not read yet has none known; the server checks again.
 */
export function useEndMembers(
  api: SchemaApi,
  pageTypeId: number,
  ownMembers: readonly NamedEntity[],
  toTypeId: number | null,
  fromTypeId: number,
): (typeId: number) => readonly NamedEntity[] {
  const other = fromTypeId === pageTypeId ? toTypeId : fromTypeId;
  const [read, setRead] = useState<{ id: number; members: NamedEntity[] } | null>(null);
  useEffect(() => {
    if (other === null || other === pageTypeId) return;
    const controller = new AbortController();
    api.type(other, controller.signal).then(
      (schema) => setRead({ id: other, members: membersOfSchema(schema) }),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, other, pageTypeId]);
  return useCallback(
    (typeId: number) => (typeId === pageTypeId ? ownMembers : read?.id === typeId ? read.members : []),
    [pageTypeId, ownMembers, read],
  );
}
