/** Where a message points: 1-based line and column in UTF-16 units, and a length. */
export interface CalcLocation {
  readonly line: number;
  readonly col: number;
  readonly length: number;
}

export type CalcMessageType = 'Error' | 'Warning' | 'Suggestion';

/** A compile message (calc-language.md §7). */
export interface CalcMessage {
  readonly type: CalcMessageType;
  readonly text: string;
  readonly location: CalcLocation;
}

/** Message texts, verbatim from calc-language.md §7 where it gives them. */
export const msg = {
  empty: 'Empty expression',
  syntax: 'Invalid script syntax.',
  unknownFunction: (name: string) => `'${name}' is not a recognised function.`,
  wrongArgCount: (name: string) => `Wrong number of values passed to '${name}' function.`,
  noOverload: (name: string) => `Could not find a match of the correct type for '${name}'.`,
  unknownName: (name: string) => `'${name}' is not a recognised field, relationship or variable.`,
  unknownParam: (name: string) => `Parameter @${name} was not recognised.`,
  memberOnNonRecord: 'Fields and relationships can only be accessed on resources.',
  noContextType:
    'Attempted to access a field or relationship, when no starting entity-type has been provided.',
  badDatePart: (name: string) => `'${name}' was not a recognised date/time part.`,
  expectedDatePart: 'Expected a date/time part.',
  timePartOnDate: (part: string) => `Cannot use '${part}' with date data.`,
  datePartOnTime: (part: string) => `Cannot use '${part}' with time data.`,
  duplicateLet: (name: string) => `Variable name ${name} has already been set.`,
  expectedType: (actual: string, needed: string) =>
    `Result was of type ${actual} but needed to be ${needed}.`,
  expectedBool: 'Expected a true/false value.',
  badCast: (from: string, to: string) => `Cannot convert from ${from} to ${to}.`,
  unknownType: (name: string) => `Could not find a definition called '${name}'.`,
  divideByZero: 'Division by zero',
  preferCanonical: (name: string) => `Prefer '${name}'.`,
  ambiguousDate: 'Ambiguous date format; use yyyy-mm-dd.',
  invalidDate: (text: string) => `Invalid date/time format: ${text}`,
  nullComparison: "Comparison with null is always null; use 'is null'.",
  unavailableInReports: (name: string) => `'${name}' is unavailable in reports.`,
  calculatedField: (name: string) =>
    `'${name}' is a calculated field. Calculated field cannot be used in other calculations.`,
  // Not given by the contract: our wording (see README "Decisions").
  tooLong: 'Expression is too long (more than 100,000 characters).',
  tooDeep: 'Expression is nested too deeply (more than 256 levels).',
  tooManySteps: 'Evaluation stopped after 1,000,000 steps.',
  tooSlow: 'Evaluation stopped after 2 seconds.',
  unexpected: 'Unexpected error.',
  hasErrors: 'The expression has errors and cannot be evaluated.',
} as const;
