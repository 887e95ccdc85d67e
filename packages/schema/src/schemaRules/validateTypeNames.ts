import type { EntityId } from '../metamodel/definitions.js';
import { duplicateObjectNameMessage, duplicateObjectScriptNameMessage } from '../validation/messages.js';
import { checkNames, type NamedEntity, type NameIssue } from './checkNames.js';

/**
 * Checks an Object's (type's) name and script name against the other Objects (spec 01 §5): both are
 * required, and a case-insensitive clash gives "There is another Object with the same 'Object name'"
 * or "… 'Script name'" (the spec's wording has no full stop). Deleted Objects and the candidate
 * itself are ignored.
 */
export function validateTypeNames(
  candidate: { id?: EntityId; name: string; scriptName: string },
  otherTypes: readonly NamedEntity[],
): NameIssue[] {
  return checkNames(candidate, otherTypes, {
    name: duplicateObjectNameMessage,
    scriptName: duplicateObjectScriptNameMessage,
  });
}
