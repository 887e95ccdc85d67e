import { defaultFieldNames, type FieldType } from '../metamodel/fieldTypes.js';
import { nameKey } from './nameKey.js';
import { toScriptName } from './toScriptName.js';

/**
 * The name the field-schema editor gives a new field of `fieldType` (spec 01 §3): the type's
 * default name ('Text', 'Yes/No', …), or that name with a space and a number from 2 upwards
 * ('Text 2', 'Text 3') while it clashes, case-insensitively, with a taken name.
 *
 * Callers pass the names and script names of the type's non-deleted fields and relationships. A
 * candidate also clashes when the script name derived from it (see `toScriptName`) is taken, so the
 * new field's default script name is free too.
 *
 * @example defaultNewFieldName('Boolean', ['Yes/No', 'yes/no 2']) // 'Yes/No 3'
 */
export function defaultNewFieldName(fieldType: FieldType, takenNames: Iterable<string>): string {
  const taken = new Set<string>();
  for (const name of takenNames) {
    const key = nameKey(name);
    if (key !== '') taken.add(key);
  }
  const isFree = (candidate: string) =>
    !taken.has(nameKey(candidate)) && !taken.has(nameKey(toScriptName(candidate)));
  // A stored definition with an unknown type still gets a usable name.
  const base: string = defaultFieldNames[fieldType] ?? 'Field';
  if (isFree(base)) return base;
  // Ends: each candidate is distinct and only finitely many names are taken.
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base} ${suffix}`;
    if (isFree(candidate)) return candidate;
  }
}
