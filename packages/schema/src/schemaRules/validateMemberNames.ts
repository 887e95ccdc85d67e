import type { EntityId } from '../metamodel/definitions.js';
import { duplicateFieldMessage, duplicateFieldOrObjectNameMessage } from '../validation/messages.js';
import { checkNames, type NamedEntity, type NameIssue } from './checkNames.js';

export interface MemberNameCandidate {
  /** Absent for a member not yet saved. */
  id?: EntityId;
  name: string;
  scriptName: string;
  kind: 'field' | 'relationship';
}

/**
 * Checks a field's or relationship's name and script name in the field-schema editor (spec 01 §5):
 * both are required ('A value is required.'), and neither may equal, case-insensitively and ignoring
 * surrounding spaces, the same property of a sibling member. Deleted siblings and the candidate
 * itself (same id) are ignored.
 *
 * Messages: a field's name clash is "There is another field with the same 'Field name'."; a
 * relationship's, whose name column the editor labels 'Field name/Object name', is "There is another
 * field or Object with the same 'Field name/Object name'."; a script-name clash is "There is another
 * field with the same 'Script name'.".
 */
export function validateMemberNames(
  candidate: MemberNameCandidate,
  siblings: readonly NamedEntity[],
): NameIssue[] {
  const nameClash =
    candidate.kind === 'relationship'
      ? duplicateFieldOrObjectNameMessage
      : duplicateFieldMessage('Field name');
  return checkNames(candidate, siblings, {
    name: nameClash,
    scriptName: duplicateFieldMessage('Script name'),
  });
}
