import { describe, expect, it } from 'vitest';
import { compile, evaluate, parse, print } from '../src/index.js';
import { compileOptions, evaluateOptions } from './fixture.js';

// Trees may be up to 500 deep without brackets (chains); every stage must handle that depth.
describe('the deepest allowed trees', () => {
  it.each([
    ['method-call chain', `(-1)${'.abs()'.repeat(498)}`, 1],
    ['text method chain', `'abc'${'.left(2)'.repeat(498)}`, 'ab'],
    ['where chain', `[SelectedRecords]${' where true'.repeat(498)}`, null],
    ['member chain', `[Manager]${'.Manager'.repeat(497)}.Name`, null],
    ['concatenation chain', Array(499).fill("'a'").join(' & '), 'a'.repeat(499)],
    ['comparison inside a long and chain', Array(249).fill('1 = 1').join(' and '), true],
  ])('%s compiles, prints and evaluates', async (_, expr, expected) => {
    const compiled = compile(expr, compileOptions);
    expect(compiled.messages).toEqual([]);
    expect(print(parse(print(compiled.ast!)).ast!)).toBe(print(compiled.ast!));
    const result = await evaluate(compiled, evaluateOptions);
    expect(result.error).toBeUndefined();
    if (expected !== null) expect(result.value).toBe(expected);
  });
});
