import type { RelationshipDef } from './definitions.js';
import { isToMany } from './relTypes.js';
import type { Schema } from './Schema.js';

/** A reason a relationship cannot be its type's structure, on the property that marks it. */
export interface StructureIssue {
  property: 'relationshipIsStructure';
  message: string;
}

/** The spec gives no texts for these rules; they name what the builder would change. */
export const structureSelfReferenceMessage =
  'Only a relationship from an Object to the same Object can be its structure.';
export const structureToOneMessage =
  'Only a relationship to one record can be a structure: each record has at most one parent.';
export function structureTakenMessage(typeName: string, otherName: string): string {
  return `'${typeName}' already has a structure: '${otherName}'. An Object has at most one.`;
}

/**
 * What a record's parent may not be: the record itself, or a record below it (which would make
 * the structure a loop).
 *
 * @example structureCycleMessage('Parent Account')
 * // "'Parent Account' cannot be the record itself or a record below it."
 */
export function structureCycleMessage(parentName: string): string {
  return `'${parentName}' cannot be the record itself or a record below it.`;
}

/**
 * Checks a relationship marked as a structure (spec 03 §9 "Structure levels") against the schema
 * it is part of: it relates a type to itself, reaches one record, and no other structure applies
 * to the type, to a type it inherits from, or to a type derived from it.
 */
export function structureIssues(schema: Schema, rel: RelationshipDef): StructureIssue[] {
  if (rel.isStructure !== true) return [];
  const issue = (message: string): StructureIssue[] => [{ property: 'relationshipIsStructure', message }];
  if (rel.fromTypeId !== rel.toTypeId) return issue(structureSelfReferenceMessage);
  if (isToMany(rel.cardinality)) return issue(structureToOneMessage);
  for (const typeId of schema.descendants(rel.fromTypeId)) {
    const other = schema
      .relationshipsOf(typeId)
      .find((r) => r.direction === 'fwd' && r.rel.isStructure === true && r.rel.id !== rel.id);
    if (other) return issue(structureTakenMessage(schema.type(typeId)?.name ?? '', other.rel.toName));
  }
  return [];
}
