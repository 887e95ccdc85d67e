import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CalcDataError,
  type CalcDataSource,
  compile,
  type Expr,
  evaluate,
  functionCatalogue,
  functionHelp,
  parse,
  snippets,
} from '../src/index.js';
import { compileOptions, data, evaluateOptions } from './fixture.js';

describe('compile', () => {
  it('resolves field and relationship ids onto the tree for a later SQL translator', () => {
    const compiled = compile('[Manager].[First Name]', compileOptions);
    const member = compiled.ast as Expr & { kind: 'Member' };
    expect(member.resolved).toEqual({
      kind: 'field',
      fieldId: 'f-first',
      fieldType: 'String',
      name: 'First Name',
    });
    expect(member.object).toMatchObject({
      kind: 'Name',
      resolved: {
        kind: 'relationship',
        relationshipId: 'r-manager',
        direction: 'forward',
        toTypeId: 'person',
        isList: false,
      },
      t: { type: 'Entity', isList: false, entityTypeId: 'person' },
    });
    expect(compiled).toMatchObject({ ok: true, resultType: 'String', isList: false });
  });

  it('reports what the expression depends on in calcFlags', () => {
    const compiled = compile('iif(getdate() > [Birth Date], @Count, count(all(Tag)))', compileOptions);
    expect(compiled.calcFlags).toEqual({
      usesContext: true,
      usesClock: true,
      readsOtherRecords: true,
      parameters: ['Count'],
      fieldIds: ['f-birth'],
      relationshipIds: [],
    });
  });

  it('types a record result with its entity type', () => {
    expect(compile('[Reports]', compileOptions)).toMatchObject({
      resultType: 'Entity',
      isList: true,
      entityTypeId: 'person',
    });
  });

  it('compiles an expression parameter first and evaluates it when no value is passed', async () => {
    const options = {
      ...compileOptions,
      params: [...(compileOptions.params ?? []), { name: 'Double', expr: '[Age] * 2' }],
    };
    const compiled = compile('[Double] + 1', options);
    expect(compiled.parameters.at(-1)).toMatchObject({ name: 'Double', type: 'Int32', isList: false });
    expect((await evaluate(compiled, evaluateOptions)).value).toBe(69);
  });

  it('never throws, even for input that is not a string', () => {
    expect(compile(undefined as unknown as string).messages[0]?.text).toBe('Empty expression');
    expect(
      compile('1', {
        schema: {
          getType: () => {
            throw new Error('boom');
          },
        } as never,
        contextTypeId: 'x',
      }).ok,
    ).toBe(true);
    expect(
      compile('all(X)', {
        schema: {
          getType: () => {
            throw new Error('boom');
          },
        } as never,
      }).messages[0]?.text,
    ).toBe('Unexpected error.');
  });
});

describe('evaluate', () => {
  it('awaits an asynchronous data source', async () => {
    const slow: CalcDataSource = {
      getField: async (e, f) => data.getField(e, f),
      getRelated: async (e, r, d) => data.getRelated(e, r, d),
      all: async (t) => data.all(t),
      byName: async (t, n) => data.byName(t, n),
      nameOf: async (e) => data.nameOf(e),
    };
    const compiled = compile("join([Manager].Reports.Name) & ' / ' & [Manager].[First Name]", compileOptions);
    expect((await evaluate(compiled, { ...evaluateOptions, data: slow })).value).toBe('Alice Smith / Bob');
  });

  it("passes a CalcDataError's message on and hides other failures", async () => {
    const compiled = compile('[Age]', compileOptions);
    const refusing = {
      ...data,
      getField: () => {
        throw new CalcDataError('You cannot read Age.');
      },
    };
    const broken = {
      ...data,
      getField: () => {
        throw new Error('SQLITE_BUSY at /var/db');
      },
    };
    expect((await evaluate(compiled, { ...evaluateOptions, data: refusing })).error).toBe(
      'You cannot read Age.',
    );
    expect((await evaluate(compiled, { ...evaluateOptions, data: broken })).error).toBe('Unexpected error.');
  });

  it('reads the time zone from the request', async () => {
    const compiled = compile('getdate()', compileOptions);
    expect((await evaluate(compiled, { ...evaluateOptions, timeZone: 'America/New_York' })).value).toBe(
      '2024-03-15',
    );
    expect((await evaluate(compiled, { ...evaluateOptions, timeZone: 'Pacific/Kiritimati' })).value).toBe(
      '2024-03-16',
    );
  });

  it('reads a stored integer past Int32 as Decimal', async () => {
    const big = { ...data, getField: () => 3_000_000_000 };
    const result = await evaluate(compile('[Age] + 1', compileOptions), { ...evaluateOptions, data: big });
    expect(result).toMatchObject({ value: '3000000001', resultType: 'Decimal' });
  });

  it('evaluates without a context record or data source', async () => {
    const compiled = compile('[Age] is null', compileOptions);
    const result = await evaluate(compiled, { clock: () => 0, timeZone: 'UTC' });
    expect(result).toMatchObject({ value: true, resultType: 'Bool', isList: false, messages: [] });
    expect(result.error).toBeUndefined();
  });
});

describe('function registry and snippets', () => {
  const goldenText = readdirSync(join(import.meta.dirname, 'golden'))
    .map((f) => readFileSync(join(import.meta.dirname, 'golden', f), 'utf8'))
    .join('\n')
    .toLowerCase();

  it('gives every function help: category, signatures, a description and an example that parses', () => {
    for (const help of functionHelp()) {
      expect(help.signatures.length, help.name).toBeGreaterThan(0);
      expect(help.description, help.name).toMatch(/\.$/);
      expect(parse(help.example).diagnostics, help.example).toEqual([]);
      expect(help.signatures[0]).toMatch(new RegExp(`^${help.name}\\(`));
    }
    expect(functionHelp().find((h) => h.name === 'round')?.signatures).toEqual([
      'round(x: Number[, digits: Int32]): Number',
    ]);
  });

  it('has a golden case for every function and alias', () => {
    for (const def of functionCatalogue) {
      for (const name of [def.name, ...(def.aliases ?? [])]) {
        expect(goldenText, name).toMatch(new RegExp(`(^|[^a-z0-9_])${name}\\(`));
      }
    }
  });

  it('has snippets that parse without errors', () => {
    expect(snippets.length).toBeGreaterThan(10);
    for (const s of snippets) expect(parse(s.text).diagnostics, s.text).toEqual([]);
  });
});
