import type { TypeSchemaRelationship } from '@plinth/schema';
import type { RecordFormMode } from '../record/recordFormApi';
import type { RelatedTypeInfo } from './useRelatedType';

/** The type at the end's other side: the records the table lists. */
export const relatedTypeOfEnd = (
  end: Pick<TypeSchemaRelationship, 'direction' | 'fromTypeId' | 'toTypeId'>,
) => (end.direction === 'fwd' ? end.toTypeId : end.fromTypeId);

/** Whether each related record must relate to one record through this relationship (its own end is mandatory). */
export const isRelatedEndMandatory = (
  end: Pick<TypeSchemaRelationship, 'direction' | 'isMandatory' | 'isReverseMandatory'>,
) => (end.direction === 'fwd' ? end.isReverseMandatory : end.isMandatory);

export interface RelationshipTableRules {
  /** Add, create or remove: edit and new modes, not read-only. */
  canChange: boolean;
  /** 'New {type}': the user may create the related type (else createAccessDenied, spec 03 §6). */
  canCreate: boolean;
  /** Remove: not when each related record must keep this record (decision 0082). */
  canRemove: boolean;
}

/**
 * What a relationship table offers (spec 03 §6, decision 0082): nothing but the records in view mode
 * or read-only; no New button without the right to create the related type or for an abstract one;
 * no Remove when the related records cannot be without this record (their end is mandatory) — they
 * are deleted, not unlinked.
 */
export function relationshipTableRules(input: {
  mode: RecordFormMode;
  isReadOnly?: boolean | undefined;
  end: Pick<TypeSchemaRelationship, 'direction' | 'isMandatory' | 'isReverseMandatory'>;
  relatedType: RelatedTypeInfo | null;
}): RelationshipTableRules {
  const canChange = input.mode !== 'view' && input.isReadOnly !== true;
  return {
    canChange,
    canCreate: canChange && input.relatedType?.canCreateType === true && !input.relatedType.isAbstract,
    canRemove: canChange && !isRelatedEndMandatory(input.end),
  };
}
