import { aggregateFunctions } from './aggregate.js';
import { dataFunctions } from './data.js';
import { dateTimeFunctions } from './datetime.js';
import { encodingFunctions } from './encoding.js';
import { generalFunctions } from './general.js';
import { listFunctions } from './list.js';
import { mathFunctions } from './math.js';
import type { FunctionCategory, FunctionDef } from './registry.js';
import { signatureText } from './registry.js';
import { textFunctions } from './text.js';

/** The one function registry: the compiler, the evaluator and the editor all read it. */
export const functionCatalogue: readonly FunctionDef[] = [
  ...generalFunctions,
  ...dataFunctions,
  ...mathFunctions,
  ...textFunctions,
  ...dateTimeFunctions,
  ...aggregateFunctions,
  ...listFunctions,
  ...encodingFunctions,
];

const byName = new Map<string, { def: FunctionDef; isAlias: boolean }>();
for (const def of functionCatalogue) {
  byName.set(def.name, { def, isAlias: false });
  for (const alias of def.aliases ?? []) byName.set(alias, { def, isAlias: true });
}

/** A function by name or alias, case-insensitively. */
export function lookupFunction(name: string): { def: FunctionDef; isAlias: boolean } | undefined {
  return byName.get(name.toLowerCase());
}

/** Help for the editor's Functions popup, hints and hover. */
export interface FunctionHelp {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly category: FunctionCategory;
  readonly signatures: readonly string[];
  readonly description: string;
  readonly example: string;
  /** The value the example gives on the sample order of the calculation reference. */
  readonly exampleResult: string;
  /** Only in the Evaluate host. */
  readonly evaluateOnly: boolean;
}

/** Every function's help, in catalogue order (grouped by category). */
export function functionHelp(): FunctionHelp[] {
  return functionCatalogue.map((def) => ({
    name: def.name,
    aliases: def.aliases ?? [],
    category: def.category,
    signatures: def.signatures.map((s) => signatureText(def, s)),
    description: def.description,
    example: def.example,
    exampleResult: def.exampleResult,
    evaluateOnly: def.evaluateOnly === true,
  }));
}
