import type { EntityId } from '../metamodel/definitions.js';
import { requiredMessage } from '../validation/messages.js';
import { nameKey } from './nameKey.js';

/** A message for the name or script name property in the field-schema editor. */
export interface NameIssue {
  property: 'name' | 'scriptName';
  message: string;
}

/** A field or relationship, or an Object, whose names are checked against others. */
export interface NamedEntity {
  id: EntityId;
  name: string;
  scriptName: string;
  isDeleted?: boolean;
}

/** Required and duplicate checks shared by members and Objects. */
export function checkNames(
  candidate: { id?: EntityId; name: string; scriptName: string },
  others: readonly NamedEntity[],
  clashMessages: Record<NameIssue['property'], string>,
): NameIssue[] {
  const live = others.filter(
    (other) => other.isDeleted !== true && (candidate.id === undefined || other.id !== candidate.id),
  );
  const issues: NameIssue[] = [];
  for (const property of ['name', 'scriptName'] as const) {
    const key = nameKey(candidate[property]);
    if (key === '') {
      issues.push({ property, message: requiredMessage });
    } else if (live.some((other) => nameKey(other[property]) === key)) {
      issues.push({ property, message: clashMessages[property] });
    }
  }
  return issues;
}
