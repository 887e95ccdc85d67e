import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, evaluate, memoryData, memorySchema } from '../src/index.js';
import { compileOptions, evaluateOptions } from './fixture.js';

const TOO_DEEP = 'Expression is nested too deeply (more than 256 levels).';

describe('limits, checked before any work is done', () => {
  it('rejects an expression longer than 100,000 characters', () => {
    const result = compile(`'${'x'.repeat(100_000)}'`, compileOptions);
    expect(result.messages).toEqual([
      {
        type: 'Error',
        text: 'Expression is too long (more than 100,000 characters).',
        location: { line: 1, col: 1, length: 0 },
      },
    ]);
  });

  it('accepts 256 levels of brackets and rejects 257', () => {
    expect(compile(`${'('.repeat(256)}1${')'.repeat(256)}`).ok).toBe(true);
    expect(compile(`${'('.repeat(257)}1${')'.repeat(257)}`).messages[0]?.text).toBe(TOO_DEEP);
  });

  it.each([
    ['100k open brackets', '('.repeat(99_999)],
    ['nested calls', `${'abs('.repeat(20_000)}1${')'.repeat(20_000)}`.slice(0, 100_000)],
    ['unary minus chain', `${'-'.repeat(99_000)}1`],
    ['not chain', `${'not '.repeat(24_000)}true`],
    ['nested templates', `${"$'{".repeat(30_000)}`],
    ['nested case', `${'case when true then '.repeat(4_000)}1`],
    ['a 30,000-term sum', Array(30_000).fill('1').join('+')],
    ['a 20,000-step member chain', `Manager${'.Manager'.repeat(11_000)}`],
  ])('%s gives an Error, not a stack overflow', (_, expr) => {
    const result = compile(expr, compileOptions);
    expect(result.ok).toBe(false);
    expect(result.messages.map((m) => m.text)).toContain(TOO_DEEP);
  });

  it('rejects any construct nested past the limit, never crashing', () => {
    const wrappers = [
      (e: string) => `(${e})`,
      (e: string) => `abs(${e})`,
      (e: string) => `-${e}`,
      (e: string) => `not ${e}`,
      (e: string) => `$'{${e}}'`,
      (e: string) => `case when true then ${e} end`,
      (e: string) => `iif(true, ${e}, 1)`,
      (e: string) => `let v = 1 select ${e}`,
      (e: string) => `${e}.Name`,
      (e: string) => `1 + ${e}`,
    ];
    fc.assert(
      fc.property(fc.array(fc.nat(wrappers.length - 1), { minLength: 501, maxLength: 3_000 }), (choices) => {
        const expr = choices.reduce((e, i) => wrappers[i]!(e), '1');
        const result = compile(expr.slice(0, 100_000), compileOptions);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  // Each level opens one bracket-like construct; a template inside len(…) opens three and a
  // bracketed let two (the bracket and the let's body).
  it.each([
    ['brackets', 250, (e: string) => `(${e} + 1)`],
    ['calls', 250, (e: string) => `abs(${e})`],
    ['case', 250, (e: string) => `case when true then ${e} end`],
    ['iif', 250, (e: string) => `iif(true, ${e}, 0)`],
    ['templates', 80, (e: string) => `len($'{${e}}')`],
    ['let', 120, (e: string, i: number) => `(let v${i} = 1 select ${e})`],
  ])('evaluates nested %s up to the limit', async (_, levels, wrap) => {
    let expr = '1';
    for (let i = 0; i < levels; i++) expr = wrap(expr, i);
    const compiled = compile(expr, compileOptions);
    expect(compiled.messages).toEqual([]);
    expect((await evaluate(compiled, evaluateOptions)).error).toBeUndefined();
  });

  it('compiles and evaluates a long flat chain within the tree-depth cap', async () => {
    const compiled = compile(Array(450).fill('1').join(' + '), compileOptions);
    expect(compiled.ok).toBe(true);
    expect((await evaluate(compiled, evaluateOptions)).value).toBe(450);
  });
});

describe('evaluation limits', () => {
  it('stops after 1,000,000 steps', async () => {
    const compiled = compile('sum([Amounts])', compileOptions);
    const amounts = Array.from({ length: 1_000_001 }, () => '1');
    const result = await evaluate(compiled, { ...evaluateOptions, params: { Amounts: amounts } });
    expect(result).toMatchObject({ value: null, error: 'Evaluation stopped after 1,000,000 steps.' });
  });

  it('stops a hostile like pattern at the step limit instead of hanging', async () => {
    // One % and a long literal run: quadratic work for any matcher without an index.
    const compiled = compile(`[PageInput] like '%${'a'.repeat(5_000)}b'`, compileOptions);
    const result = await evaluate(compiled, {
      ...evaluateOptions,
      params: { PageInput: 'a'.repeat(50_000) },
    });
    expect(result.error).toBe('Evaluation stopped after 1,000,000 steps.');
  });

  it('stops after 2 seconds by the injected clock', async () => {
    let now = 0;
    const schema = memorySchema([
      { id: 't', name: 'T', fields: [{ id: 'n', name: 'N', type: 'Int32', isCalculated: false }] },
    ]);
    const records = Array.from({ length: 100 }, (_, i) => ({ id: `r${i}`, typeId: 't', fields: { n: i } }));
    const data = memoryData(records, schema);
    const slow = {
      ...data,
      getField: (e: { id: string; typeId: string }, f: string) => {
        now += 50; // each read takes 50 ms
        return data.getField(e, f);
      },
    };
    const compiled = compile('count(all(T) where N >= 0)', { schema, host: 'Evaluate' });
    const result = await evaluate(compiled, { clock: () => now, timeZone: 'UTC', data: slow });
    expect(result.error).toBe('Evaluation stopped after 2 seconds.');
  });

  it('matches many % wildcards in linear time', async () => {
    const compiled = compile(`[PageInput] like '${'%a'.repeat(2_000)}b'`, compileOptions);
    const result = await evaluate(compiled, {
      ...evaluateOptions,
      params: { PageInput: 'a'.repeat(50_000) },
    });
    expect(result).toMatchObject({ value: false });
  });

  it('reports an error for an unknown time zone', async () => {
    const result = await evaluate(compile('1'), { clock: () => 0, timeZone: 'Mars/Olympus' });
    expect(result.error).toBe('Unknown time zone: Mars/Olympus');
    const missing = await evaluate(compile('1'), { clock: () => 0 } as never);
    expect(missing.error).toBe('Unknown time zone: undefined');
  });

  it('refuses to evaluate an expression with errors', async () => {
    const result = await evaluate(compile('blah()'), { clock: () => 0, timeZone: 'UTC' });
    expect(result.error).toBe("'blah' is not a recognised function.");
  });
});
