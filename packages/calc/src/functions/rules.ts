import { type CalcType, elementOf, unify } from '../types.js';

/** Return-type rules shared by the function catalogue. */
export const sameAs =
  (index: number) =>
  (args: readonly CalcType[]): CalcType | undefined =>
    args[index];

export const elementOfArg =
  (index: number) =>
  (args: readonly CalcType[]): CalcType | undefined => {
    const t = args[index];
    return t && elementOf(t);
  };

/** The common type of the arguments from `from` on, or no match. */
export const unifyFrom =
  (from: number) =>
  (args: readonly CalcType[]): CalcType | undefined => {
    let result: CalcType | undefined = args[from];
    for (const t of args.slice(from + 1)) result = result && unify(result, t);
    return result;
  };

/** Decimal, or Currency when the argument is Currency. */
export const decimalOf =
  (index: number) =>
  (args: readonly CalcType[]): CalcType => ({
    type: args[index]?.type === 'Currency' ? 'Currency' : 'Decimal',
    isList: false,
  });
