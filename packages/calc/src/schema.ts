import type { BaseType } from './types.js';

/** A record type as the checker sees it. */
export interface CalcTypeInfo {
  readonly id: string;
  readonly name: string;
  /** A choice type: its records are choice values, which compare by order (and with text by name). */
  readonly isChoice?: boolean;
}

/** A field of a record type. */
export interface CalcField {
  readonly kind: 'field';
  readonly id: string;
  readonly name: string;
  readonly scriptName?: string;
  readonly type: Exclude<BaseType, 'Entity' | 'None'>;
  readonly isCalculated: boolean;
}

/** A relationship seen from one end: `toType` is the type at the other end. */
export interface CalcRelationship {
  readonly kind: 'relationship';
  readonly id: string;
  readonly name: string;
  readonly toType: string;
  readonly isList: boolean;
  readonly direction: 'forward' | 'reverse';
}

export type CalcMember = CalcField | CalcRelationship;

/**
 * What the checker needs from the metamodel. Lookups are synchronous: the server loads the tenant's
 * schema before compiling, and the browser already holds it.
 *
 * @example
 * const schema: CalcSchema = {
 *   getType: (idOrName) => types.find((t) => t.id === idOrName || t.name.toLowerCase() === idOrName.toLowerCase()),
 *   getMember: (typeId, name) => membersOf(typeId).find((m) => m.name.toLowerCase() === name.toLowerCase()),
 *   isOfType: (typeId, ancestorId) => ancestorsOf(typeId).includes(ancestorId),
 * };
 */
export interface CalcSchema {
  /** A type by id, or by name (case-insensitive). */
  getType(idOrName: string): CalcTypeInfo | undefined;
  /**
   * A field or relationship of a type, inherited ones included, by name or script name
   * (case-insensitive). Relationships are seen from `typeId`'s end, forward or reverse.
   */
  getMember(typeId: string, name: string): CalcMember | undefined;
  /** Whether `typeId` is `ancestorTypeId` or derives from it. */
  isOfType(typeId: string, ancestorTypeId: string): boolean;
}

/** A declared parameter: a page variable, component output, `[PageInput]`, `[SelectedRecords]`… */
export interface CalcParameter {
  readonly name: string;
  readonly type: BaseType;
  readonly isList?: boolean;
  readonly entityTypeId?: string;
}
