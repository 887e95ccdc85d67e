import { describe, expect, it } from 'vitest';
import { compileOptions, NOW, TIME_ZONE } from '../../test/fixture.js';
import { type CompileResult, compile } from '../compile.js';
import { rawSql } from '../sql/fragment.js';
import type { SqlHooks } from '../sql/hooks.js';
import { toSql } from '../sql/translate.js';
import { parse } from '../syntax/parser.js';
import type { CalcHost } from '../types.js';
import { functionCatalogue, functionHelp } from './catalogue.js';
import type { Accept, FunctionDef } from './registry.js';

// The registry is the one definition of each function: help for the editor, signatures and
// evaluation for the engine, and SQL for reports, or an explicit reason why there is none.

/** The functions that had no SQL translation before the registry carried it; reports refuse them. */
const NOT_TRANSLATED = [
  'all',
  'any',
  'every',
  'resource',
  'link',
  'tonumber',
  'todate',
  'encodeurl',
  'encodehtml',
  'encodebase64',
  'decodebase64',
  'join',
  'first',
  'last',
  'distinct',
];

const sample: Partial<Record<Accept, string>> = {
  condition: '[Active]',
  bool: '[Active]',
  number: '[Rating]',
  int: '[Age]',
  text: '[First Name]',
  record: '[Manager]',
  list: '[Tags]',
  boolList: '[Reports].Active',
  typeName: 'Employee',
};

const hooks: SqlHooks = {
  field: () => rawSql('F'),
  recordId: () => rawSql('ID'),
  recordName: () => rawSql('NAME'),
  choiceOrder: () => rawSql('ORDER'),
  related: () => ({ from: rawSql('FROM R'), where: rawSql('1 = 1'), row: 'r' }),
};

/** Compiled in another host, then handed to the translator as if for a report: what the checker would stop. */
function forged(expr: string, host: CalcHost): CompileResult {
  const compiled = compile(expr, { ...compileOptions, host });
  expect(compiled.ok, `${expr}: ${compiled.messages.map((m) => m.text).join('; ')}`).toBe(true);
  return { ...compiled, host: 'Report' };
}

const translateBoth = (compiled: CompileResult) =>
  (['sqlite', 'postgres'] as const).map((dialect) => {
    const r = toSql(compiled, { dialect, row: 'e0', hooks, timeZone: TIME_ZONE, now: NOW });
    return r.ok ? 'ok' : r.error;
  });

const callOf = (def: FunctionDef) =>
  `${def.name}(${def.signatures[0]!.params.map((p) => sample[p.accepts] ?? 'null').join(', ')})`;

describe('the function registry', () => {
  it.each(functionCatalogue.map((def) => [def.name, def] as const))('%s has help metadata', (_, def) => {
    const help = functionHelp().find((h) => h.name === def.name)!;
    expect(help.category).toBeTruthy();
    expect(help.description).toMatch(/\.$/);
    expect(parse(help.example).diagnostics).toEqual([]);
    expect(help.signatures.length).toBeGreaterThan(0);
    for (const text of help.signatures) expect(text).toMatch(new RegExp(`^${def.name}\\(.*\\): .+$`));
  });

  it.each(functionCatalogue.map((def) => [def.name, def] as const))(
    '%s translates to SQL or says why not',
    (_, def) => {
      if (def.toSql) {
        expect(def.notInSql).toBeUndefined();
        expect(NOT_TRANSLATED).not.toContain(def.name);
      } else {
        expect(def.notInSql).toMatch(/^[A-Z].*\.$/);
        expect(NOT_TRANSLATED).toContain(def.name);
      }
    },
  );

  it('refuses in reports exactly the functions it refused before', () => {
    expect(functionCatalogue.filter((def) => !def.toSql).map((def) => def.name)).toEqual(
      expect.arrayContaining(NOT_TRANSLATED),
    );
    expect(functionCatalogue.filter((def) => !def.toSql)).toHaveLength(NOT_TRANSLATED.length);
  });
});

describe('a function without SQL', () => {
  const untranslated = functionCatalogue.filter((def) => !def.toSql);

  it.each(untranslated.map((def) => [callOf(def)]))('%s is a compile error in reports', (expr) => {
    const name = expr.slice(0, expr.indexOf('('));
    const compiled = compile(expr, { ...compileOptions, host: 'Report' });
    expect(compiled.ok).toBe(false);
    expect(compiled.messages.map((m) => m.text)).toContain(`'${name}' is unavailable in reports.`);
  });

  it.each(untranslated.map((def) => [callOf(def), def.evaluateOnly ? 'Evaluate' : 'Any'] as const))(
    '%s is refused by the translator with the same message',
    (expr, host) => {
      const name = expr.slice(0, expr.indexOf('('));
      const compiled = forged(expr, host);
      // A list result is refused before any call is translated, as it always was.
      const expected = compiled.isList
        ? 'A list cannot be a report value.'
        : `'${name}' is unavailable in reports.`;
      expect(translateBoth(compiled)).toEqual([expected, expected]);
    },
  );

  it.each([
    ["totext([Age], 'N2')", 'totext'],
    ["convert(Decimal, '1.5')", 'convert'],
    ['convert(Employee, [Manager])', 'convert'],
  ])('%s, outside what its translation covers, is refused the same way', (expr, name) => {
    const message = `'${name}' is unavailable in reports.`;
    expect(compile(expr, { ...compileOptions, host: 'Report' }).messages.map((m) => m.text)).toContain(
      message,
    );
    expect(translateBoth(forged(expr, 'Any'))).toEqual([message, message]);
  });
});
