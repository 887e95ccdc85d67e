import type { CalcDataSource, EntityRef, FieldValue } from './data.js';
import type { CalcField, CalcMember, CalcRelationship, CalcSchema, CalcTypeInfo } from './schema.js';

/** A type for {@link memorySchema}: its fields and relationships (forward ends; reverse ends are derived). */
export interface MemoryType extends CalcTypeInfo {
  readonly baseTypeId?: string;
  readonly fields?: readonly Omit<CalcField, 'kind'>[];
  /** Forward relationships; `reverseName` and `reverseIsList` give the other end's view. */
  readonly relationships?: readonly (Omit<CalcRelationship, 'kind' | 'direction'> & {
    readonly reverseName?: string;
    readonly reverseIsList?: boolean;
  })[];
}

const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Every record has a name; the in-memory schema exposes it as the field `Name` with this id. */
export const NAME_FIELD_ID = 'name';

/**
 * An in-memory {@link CalcSchema}, for tests and tools. Members are inherited from `baseTypeId`; every
 * type also has the text field `Name`.
 */
export function memorySchema(types: readonly MemoryType[]): CalcSchema {
  const byId = new Map(types.map((t) => [t.id, t]));
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (
      let t = byId.get(id);
      t && !out.includes(t.id);
      t = t.baseTypeId ? byId.get(t.baseTypeId) : undefined
    )
      out.push(t.id);
    return out;
  };
  const members = (typeId: string): CalcMember[] => {
    const out: CalcMember[] = [
      { kind: 'field', id: NAME_FIELD_ID, name: 'Name', type: 'String', isCalculated: false },
    ];
    const chain = ancestors(typeId);
    for (const id of chain) {
      const t = byId.get(id)!;
      for (const f of t.fields ?? []) out.push({ kind: 'field', ...f });
      for (const r of t.relationships ?? []) {
        out.push({
          kind: 'relationship',
          id: r.id,
          name: r.name,
          toType: r.toType,
          isList: r.isList,
          direction: 'forward',
        });
      }
    }
    for (const other of types) {
      for (const r of other.relationships ?? []) {
        if (r.reverseName && chain.some((id) => id === r.toType)) {
          out.push({
            kind: 'relationship',
            id: r.id,
            name: r.reverseName,
            toType: other.id,
            isList: r.reverseIsList ?? true,
            direction: 'reverse',
          });
        }
      }
    }
    return out;
  };
  return {
    getType: (idOrName) => byId.get(idOrName) ?? types.find((t) => eq(t.name, idOrName)),
    getMember: (typeId, name) =>
      members(typeId).find(
        (m) =>
          eq(m.name, name) || (m.kind === 'field' && m.scriptName !== undefined && eq(m.scriptName, name)),
      ),
    isOfType: (typeId, ancestorTypeId) => ancestors(typeId).includes(ancestorTypeId),
  };
}

/** A record for {@link memoryData}. */
export interface MemoryRecord {
  readonly id: string;
  readonly typeId: string;
  readonly name?: string;
  readonly order?: number;
  readonly fields?: Readonly<Record<string, FieldValue>>;
  /** Forward relationship id → related record ids. */
  readonly related?: Readonly<Record<string, readonly string[]>>;
}

/** An in-memory, synchronous {@link CalcDataSource} over a list of records, for tests and tools. */
export function memoryData(records: readonly MemoryRecord[], schema: CalcSchema): CalcDataSource {
  const byId = new Map(records.map((r) => [r.id, r]));
  const ref = (r: MemoryRecord): EntityRef => ({ id: r.id, typeId: r.typeId });
  return {
    getField: (e, fieldId) =>
      fieldId === NAME_FIELD_ID ? (byId.get(e.id)?.name ?? null) : byId.get(e.id)?.fields?.[fieldId],
    getRelated: (e, relId, direction) => {
      if (direction === 'forward') {
        return (byId.get(e.id)?.related?.[relId] ?? []).flatMap((id) => {
          const r = byId.get(id);
          return r ? [ref(r)] : [];
        });
      }
      return records.filter((r) => r.related?.[relId]?.includes(e.id)).map(ref);
    },
    all: (typeId) => records.filter((r) => schema.isOfType(r.typeId, typeId)).map(ref),
    byName: (typeId, name) => {
      const r = records.find(
        (x) => schema.isOfType(x.typeId, typeId) && x.name !== undefined && eq(x.name, name),
      );
      return r ? ref(r) : null;
    },
    nameOf: (e) => byId.get(e.id)?.name ?? null,
    choiceOrder: (e) => byId.get(e.id)?.order ?? null,
    recordUrl: (e) => `#/record/${encodeURIComponent(e.id)}`,
  };
}
