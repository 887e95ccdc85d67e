import type { RelType } from '../metamodel/relTypes.js';

/**
 * Rules of the relationship dialog that the spec gives no text for (decision 0100). The browser
 * checks them before a save and the server again on the put, with the same words.
 */

/** Script names are identifiers calculations can write: a letter, then letters, digits and underscores. */
export const invalidScriptNameMessage =
  'A script name must start with a letter and hold only letters, digits and underscores.';

/** Undefined when the script name is usable (an empty one is the required rule's to report). */
export function scriptNameProblem(scriptName: string): string | undefined {
  const s = scriptName.trim();
  return s === '' || /^[A-Za-z][A-Za-z0-9_]*$/.test(s) ? undefined : invalidScriptNameMessage;
}

/** The kinds whose related records are choice values: they relate to a choice Object only. */
export const choiceRelTypes: readonly RelType[] = ['choiceField', 'multiChoiceField'];

export function choiceTargetMessage(typeName: string): string {
  return `A choice field relates to a choice Object; '${typeName}' is not one.`;
}

/**
 * A mandatory end that records already break: `count` records of `typeName` have nothing at the end
 * named `endName` (decision 0100).
 */
export function mandatoryEndBrokenMessage(count: number, typeName: string, endName: string): string {
  const records = count === 1 ? '1 record' : `${count} records`;
  return `${records} of '${typeName}' ${count === 1 ? 'has' : 'have'} no '${endName}'. Link them first, or leave '${endName}' optional.`;
}
