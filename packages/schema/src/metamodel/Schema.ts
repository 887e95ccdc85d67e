import type { Direction, EntityId, FieldDef, RelationshipDef, TypeDef } from './definitions.js';
import { isToMany } from './relTypes.js';

/** A field or a relationship end, as seen from a type. */
export type Member =
  | { kind: 'field'; field: FieldDef }
  | { kind: 'relationship'; rel: RelationshipDef; direction: Direction };

/** The name of a relationship end as seen from the side it is read from. */
export function relationshipEndName(
  rel: RelationshipDef,
  direction: Direction,
): { name: string; scriptName: string } {
  return direction === 'fwd'
    ? { name: rel.toName, scriptName: rel.toScriptName }
    : { name: rel.fromName, scriptName: rel.fromScriptName };
}

const lower = (s: string) => s.toLowerCase();

/**
 * A tenant's metamodel, indexed for lookups: types with their inheritance, fields and
 * relationships. Immutable; a changed metamodel is a new Schema.
 */
export class Schema {
  readonly #types = new Map<EntityId, TypeDef>();
  readonly #typesByAlias = new Map<string, TypeDef>();
  readonly #fields = new Map<EntityId, FieldDef>();
  readonly #relationships = new Map<EntityId, RelationshipDef>();
  readonly #derived = new Map<EntityId, EntityId[]>();
  readonly #fieldsByType = new Map<EntityId, FieldDef[]>();
  readonly #relsByType = new Map<EntityId, Array<{ rel: RelationshipDef; direction: Direction }>>();
  // A type's members with the inherited ones, worked out once: a put asks for them per record and
  // field (a CSV import, 100,000 records). Frozen, since every caller shares them.
  readonly #fieldsOfType = new Map<EntityId, FieldDef[]>();
  readonly #relationshipsOfType = new Map<EntityId, Array<{ rel: RelationshipDef; direction: Direction }>>();

  constructor(
    types: Iterable<TypeDef>,
    fields: Iterable<FieldDef>,
    relationships: Iterable<RelationshipDef>,
  ) {
    for (const t of types) {
      this.#types.set(t.id, t);
      if (t.alias) this.#typesByAlias.set(lower(t.alias), t);
    }
    for (const t of this.#types.values()) {
      if (t.inheritsId !== undefined) push(this.#derived, t.inheritsId, t.id);
    }
    for (const f of fields) {
      this.#fields.set(f.id, f);
      push(this.#fieldsByType, f.typeId, f);
    }
    for (const r of relationships) {
      this.#relationships.set(r.id, r);
      push(this.#relsByType, r.fromTypeId, { rel: r, direction: 'fwd' as const });
      push(this.#relsByType, r.toTypeId, { rel: r, direction: 'rev' as const });
    }
  }

  types(): IterableIterator<TypeDef> {
    return this.#types.values();
  }

  relationships(): IterableIterator<RelationshipDef> {
    return this.#relationships.values();
  }

  /** A type by id, numeric string or alias. */
  type(idOrAlias: EntityId | string): TypeDef | undefined {
    if (typeof idOrAlias === 'number') return this.#types.get(idOrAlias);
    if (/^\d+$/.test(idOrAlias)) return this.#types.get(Number(idOrAlias));
    return this.#typesByAlias.get(lower(idOrAlias));
  }

  typeOrThrow(idOrAlias: EntityId | string): TypeDef {
    const t = this.type(idOrAlias);
    if (!t) throw new Error(`Unknown type ${idOrAlias}`);
    return t;
  }

  field(id: EntityId): FieldDef | undefined {
    return this.#fields.get(id);
  }

  relationship(id: EntityId): RelationshipDef | undefined {
    return this.#relationships.get(id);
  }

  /** The type and the types it inherits from, nearest first. */
  ancestors(typeId: EntityId): TypeDef[] {
    const out: TypeDef[] = [];
    const seen = new Set<EntityId>();
    let t = this.#types.get(typeId);
    while (t && !seen.has(t.id)) {
      seen.add(t.id);
      out.push(t);
      t = t.inheritsId === undefined ? undefined : this.#types.get(t.inheritsId);
    }
    return out;
  }

  /** The type and every type derived from it, directly or not. */
  descendants(typeId: EntityId): EntityId[] {
    const out: EntityId[] = [];
    const stack = [typeId];
    const seen = new Set<EntityId>();
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id) || !this.#types.has(id)) continue;
      seen.add(id);
      out.push(id);
      stack.push(...(this.#derived.get(id) ?? []));
    }
    return out;
  }

  /** The types directly derived from a type. */
  derivedTypes(typeId: EntityId): TypeDef[] {
    return (this.#derived.get(typeId) ?? []).map((id) => this.#types.get(id)!).filter(Boolean);
  }

  isA(typeId: EntityId, baseId: EntityId): boolean {
    return this.ancestors(typeId).some((t) => t.id === baseId);
  }

  /** Fields of a type, inherited ones included (base types first). */
  fieldsOf(typeId: EntityId): FieldDef[] {
    let fields = this.#fieldsOfType.get(typeId);
    if (!fields) {
      fields = Object.freeze(
        this.ancestors(typeId)
          .reverse()
          .flatMap((t) => this.#fieldsByType.get(t.id) ?? []),
      ) as FieldDef[];
      this.#fieldsOfType.set(typeId, fields);
    }
    return fields;
  }

  /** Relationship ends readable from a type, inherited ones included. */
  relationshipsOf(typeId: EntityId): Array<{ rel: RelationshipDef; direction: Direction }> {
    let ends = this.#relationshipsOfType.get(typeId);
    if (!ends) {
      ends = Object.freeze(
        this.ancestors(typeId)
          .reverse()
          .flatMap((t) => this.#relsByType.get(t.id) ?? []),
      ) as Array<{ rel: RelationshipDef; direction: Direction }>;
      this.#relationshipsOfType.set(typeId, ends);
    }
    return ends;
  }

  /**
   * The structure (hierarchy) of a type: the self-referencing to-one relationship marked
   * `isStructure` that the type declares or inherits, if any. Following it forward reaches a
   * record's parent.
   */
  structureOf(typeId: EntityId): RelationshipDef | undefined {
    return this.relationshipsOf(typeId).find((r) => r.direction === 'fwd' && isValidStructure(r.rel))?.rel;
  }

  /**
   * Finds a member of a type by `#id` (a relationship id may end in `:rev`), script name, alias or
   * display name, case-insensitively.
   */
  member(typeId: EntityId, token: string): Member | undefined {
    const byId = /^#(\d+)(:rev|:fwd)?$/.exec(token);
    if (byId) {
      const id = Number(byId[1]);
      const f = this.fieldsOf(typeId).find((x) => x.id === id);
      if (f) return { kind: 'field', field: f };
      const wanted = byId[2] === ':rev' ? 'rev' : byId[2] === ':fwd' ? 'fwd' : undefined;
      const r = this.relationshipsOf(typeId).find(
        (x) => x.rel.id === id && (!wanted || x.direction === wanted),
      );
      return r ? { kind: 'relationship', ...r } : undefined;
    }
    const key = lower(token);
    for (const by of ['scriptName', 'alias', 'name'] as const) {
      const f = this.fieldsOf(typeId).find((x) => x[by] !== undefined && lower(x[by]!) === key);
      if (f) return { kind: 'field', field: f };
      const r = this.relationshipsOf(typeId).find((x) => {
        if (by === 'alias')
          return x.direction === 'fwd' && x.rel.alias !== undefined && lower(x.rel.alias) === key;
        const end = relationshipEndName(x.rel, x.direction);
        return lower(end[by]) === key;
      });
      if (r) return { kind: 'relationship', ...r };
    }
    return undefined;
  }
}

/** A relationship marked as a structure that can be one: self-referencing and to one record. */
export function isValidStructure(rel: RelationshipDef): boolean {
  return rel.isStructure === true && rel.fromTypeId === rel.toTypeId && !isToMany(rel.cardinality);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
