import type { FieldRepresents, FieldType, StorageKind } from './fieldTypes.js';
import type { Cardinality, RelType } from './relTypes.js';

/** Entity ids are numbers; aliases such as `core:person` name well-known entities. */
export type EntityId = number;

/** A field of an object type, as the metamodel holds it. Bounds are only set where configured. */
export interface FieldDef {
  id: EntityId;
  /** Alias of a system field (e.g. `core:description`); absent on user fields. */
  alias?: string;
  name: string;
  scriptName: string;
  description?: string;
  type: FieldType;
  /** For Calculation fields the kind of the result; otherwise follows the type. */
  storage: StorageKind;
  /** Type that declares the field. */
  typeId: EntityId;
  isRequired: boolean;
  isReadOnly: boolean;
  defaultValue?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternDescription?: string;
  minInt?: number;
  maxInt?: number;
  minDecimal?: number;
  maxDecimal?: number;
  decimalPlaces?: number;
  minDate?: string;
  maxDate?: string;
  minTime?: string;
  maxTime?: string;
  minDateTime?: string;
  maxDateTime?: string;
  autoNumberSeed?: number;
  autoNumberDisplayPattern?: string;
  calculation?: string;
  represents?: FieldRepresents;
  allowMultiLines?: boolean;
  groupId?: EntityId;
  /** Stored in a column of the records table rather than in the JSON values. */
  column?: RecordColumn;
}

/** A relationship between two object types (spec 01 §3). */
export interface RelationshipDef {
  id: EntityId;
  alias?: string;
  name: string;
  relType: RelType;
  cardinality: Cardinality;
  fromTypeId: EntityId;
  toTypeId: EntityId;
  /** Name of the to-end, seen from the from-type (forward direction). */
  toName: string;
  /** Name of the from-end, seen from the to-type (reverse direction). */
  fromName: string;
  toScriptName: string;
  fromScriptName: string;
  /** A from-record must have a to-record. */
  isMandatory: boolean;
  /** A to-record must have a from-record. */
  isReverseMandatory: boolean;
  /** Deleting the from-record deletes its to-records. */
  cascadeDelete: boolean;
  /** Deleting the to-record deletes its from-records. */
  cascadeDeleteTo: boolean;
  description?: string;
  /**
   * The type's structure (hierarchy): each record's related record is its parent, e.g. an
   * Account's Parent Account. Only a self-referencing relationship to one record may be one, and a
   * type has at most one (see `structureIssues`).
   */
  isStructure?: boolean;
  /** Stored in a column of the records table rather than the relationship table. */
  column?: RecordColumn;
  /** Access to a from-record reaches its to-records (decision 0100). */
  securesTo?: boolean;
  /** Access to a to-record reaches its from-records. */
  securesFrom?: boolean;
  /** A new from-record's to-end starts as the signed-in user (a User Account or Person end). */
  defaultToUseCurrent?: boolean;
  /** A new to-record's from-end starts as the signed-in user. */
  defaultFromUseCurrent?: boolean;
  /** The reports the forward end lists and picks its to-records with. */
  toDisplayReportId?: EntityId;
  toPickerReportId?: EntityId;
  /** The reports the reverse end lists and picks its from-records with. */
  fromDisplayReportId?: EntityId;
  fromPickerReportId?: EntityId;
}

/** An object (entity) type. */
export interface TypeDef {
  id: EntityId;
  alias?: string;
  name: string;
  scriptName: string;
  description?: string;
  inheritsId?: EntityId;
  isAbstract: boolean;
  /** True for choice (enum) types: their records are choice values. */
  isChoiceType: boolean;
  /** System catalogue types cannot be changed through the API. */
  isSystem: boolean;
  defaultEditFormId?: EntityId;
  defaultEditRecordPageId?: EntityId;
  defaultDisplayReportId?: EntityId;
  defaultPickerReportId?: EntityId;
  /** The Object's icon: an image document's id (`typeIcon`). */
  iconImageId?: EntityId;
}

export type Direction = 'fwd' | 'rev';

/** Columns of the records table that hold catalogue fields and relationships. */
export type RecordColumn =
  | 'name'
  | 'alias'
  | 'created_at'
  | 'modified_at'
  | 'type_id'
  | 'created_by'
  | 'modified_by'
  | 'owner_id';
