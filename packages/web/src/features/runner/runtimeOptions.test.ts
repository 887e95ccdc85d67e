import type { PageVariable } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { decodeRuntimeOptions, encodeRuntimeOptions } from './runnerQuery';
import { readRuntimeOptions, variableValueOf, withOptionValues } from './runtimeOptions';

const variable = (name: string, type: PageVariable['type'], extra: Partial<PageVariable> = {}) =>
  ({ name, type, isList: false, ...extra }) as PageVariable;

describe('readRuntimeOptions', () => {
  it('reads the frame options and the variables from decoded rtOptions', () => {
    const raw = decodeRuntimeOptions(
      encodeRuntimeOptions({
        showMenu: false,
        showBreadcrumbs: false,
        showTitleBar: true,
        variables: { Region: 'West' },
      }),
    );
    expect(readRuntimeOptions(raw)).toEqual({
      showMenu: false,
      showBreadcrumbs: false,
      showTitleBar: true,
      variables: { Region: 'West' },
    });
  });

  it('leaves out an option of the wrong kind and ignores unknown ones; none for no rtOptions', () => {
    expect(
      readRuntimeOptions({ showMenu: 'no', showBreadcrumbs: 0, showTitleBar: false, variables: [1], x: 1 }),
    ).toEqual({ showTitleBar: false, variables: {} });
    expect(readRuntimeOptions(null)).toEqual({ variables: {} });
    // Garbage in the URL decodes to nothing: every default stays.
    expect(readRuntimeOptions(decodeRuntimeOptions('garbage'))).toEqual({ variables: {} });
  });
});

describe('variableValueOf', () => {
  it('takes a value that fits the variable’s type, and nothing else', () => {
    expect(variableValueOf(variable('a', 'Bool'), true)).toBe(true);
    expect(variableValueOf(variable('a', 'Bool'), 'true')).toBeUndefined();
    expect(variableValueOf(variable('a', 'Int32'), 42)).toBe(42);
    expect(variableValueOf(variable('a', 'Int32'), 4.2)).toBeUndefined();
    expect(variableValueOf(variable('a', 'Int32'), 3_000_000_000)).toBeUndefined();
    expect(variableValueOf(variable('a', 'Currency'), 12.5)).toBe(12.5);
    expect(variableValueOf(variable('a', 'Decimal'), Number.NaN)).toBeUndefined();
    expect(variableValueOf(variable('a', 'String'), 'West')).toBe('West');
    expect(variableValueOf(variable('a', 'String'), 7)).toBeUndefined();
    expect(variableValueOf(variable('a', 'Date'), '2026-02-28')).toBe('2026-02-28');
    expect(variableValueOf(variable('a', 'Date'), '2026-02-30')).toBeUndefined();
    expect(variableValueOf(variable('a', 'DateTime'), '2026-02-28T09:30:00Z')).toBe('2026-02-28T09:30:00Z');
    expect(variableValueOf(variable('a', 'DateTime'), 'soon')).toBeUndefined();
    expect(variableValueOf(variable('a', 'Time'), '09:30')).toBe('09:30');
    expect(variableValueOf(variable('a', 'Time'), '25:00')).toBeUndefined();
    expect(variableValueOf(variable('a', 'Entity'), 10_015)).toBe(10_015);
    expect(variableValueOf(variable('a', 'Entity'), -1)).toBeUndefined();
  });

  it('takes a list for a list variable, only when every item fits', () => {
    const list = variable('ids', 'Entity', { isList: true });
    expect(variableValueOf(list, [1, 2])).toEqual([1, 2]);
    expect(variableValueOf(list, [1, 'x'])).toBeUndefined();
    expect(variableValueOf(list, 1)).toBeUndefined();
  });
});

describe('withOptionValues', () => {
  it('gives the named variables their values; others and misfits keep their own', () => {
    const variables = [
      variable('Region', 'String', { value: 'North' }),
      variable('MinAmount', 'Currency', { value: 0 }),
      variable('Stage', 'Entity'),
    ];
    expect(withOptionValues(variables, { region: 'West', MinAmount: 'lots', Nope: 1 })).toEqual([
      variable('Region', 'String', { value: 'West' }),
      variable('MinAmount', 'Currency', { value: 0 }),
      variable('Stage', 'Entity'),
    ]);
  });
});
