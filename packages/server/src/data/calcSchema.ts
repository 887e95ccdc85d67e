import type { BaseType, CalcField, CalcMember, CalcSchema, CalcTypeInfo } from '@plinth/calc';
import { type FieldDef, isFromMany, isToMany, type Schema, type StorageKind } from '@plinth/schema';

/** The calculation type of a stored field kind (a Calculation field's kind is its result type). */
export const calcTypeOfStorage: Record<StorageKind, Exclude<BaseType, 'Entity' | 'None'>> = {
  string: 'String',
  int: 'Int32',
  autoNumber: 'Int32',
  decimal: 'Decimal',
  currency: 'Currency',
  date: 'Date',
  time: 'Time',
  dateTime: 'DateTime',
  bool: 'Bool',
};

/** The stored kind a Calculation field keeps for a scalar result type (lists and records have none). */
export function storageOfCalcType(type: BaseType): StorageKind | undefined {
  switch (type) {
    case 'String':
    case 'None':
      return 'string';
    case 'Int32':
      return 'int';
    case 'Decimal':
      return 'decimal';
    case 'Currency':
      return 'currency';
    case 'Date':
      return 'date';
    case 'Time':
      return 'time';
    case 'DateTime':
      return 'dateTime';
    case 'Bool':
      return 'bool';
    default:
      return undefined;
  }
}

const adapters = new WeakMap<Schema, CalcSchema>();

/**
 * The tenant's metamodel as the calculation checker sees it. Type ids are the numeric ids as text;
 * a type is also found by alias, name or script name, a member by script name, alias or name
 * (case-insensitive, inherited members and both relationship ends included). Every record's name is
 * the `Name` field (catalogue field 100, inherited from Resource). Ends of relationships stored in a
 * column that would have to scan a whole table (a type's instances, a user's created records) are
 * not offered.
 */
export function calcSchemaOf(schema: Schema): CalcSchema {
  const known = adapters.get(schema);
  if (known) return known;
  const lower = (s: string) => s.toLowerCase();
  const adapter: CalcSchema = {
    getType(idOrName: string): CalcTypeInfo | undefined {
      let t = schema.type(idOrName);
      if (!t) {
        const key = lower(idOrName);
        for (const c of schema.types()) {
          if (lower(c.name) === key || lower(c.scriptName) === key) {
            t = c;
            break;
          }
        }
      }
      return t
        ? { id: String(t.id), name: t.name, ...(t.isChoiceType ? { isChoice: true } : {}) }
        : undefined;
    },
    getMember(typeId: string, name: string): CalcMember | undefined {
      const id = Number(typeId);
      if (!Number.isInteger(id) || name.startsWith('#')) return undefined;
      const m = schema.member(id, name);
      if (!m) return undefined;
      if (m.kind === 'field') return calcField(m.field);
      const { rel, direction } = m;
      if (rel.column && direction === 'rev') return undefined;
      const fwd = direction === 'fwd';
      return {
        kind: 'relationship',
        id: String(rel.id),
        name: fwd ? rel.toName : rel.fromName,
        toType: String(fwd ? rel.toTypeId : rel.fromTypeId),
        isList: fwd ? isToMany(rel.cardinality) : isFromMany(rel.cardinality),
        direction: fwd ? 'forward' : 'reverse',
      };
    },
    isOfType(typeId: string, ancestorTypeId: string): boolean {
      return schema.isA(Number(typeId), Number(ancestorTypeId));
    },
  };
  adapters.set(schema, adapter);
  return adapter;
}

export function calcField(f: FieldDef): CalcField {
  return {
    kind: 'field',
    id: String(f.id),
    name: f.name,
    scriptName: f.scriptName,
    type: calcTypeOfStorage[f.storage],
    isCalculated: f.type === 'Calculation',
  };
}
