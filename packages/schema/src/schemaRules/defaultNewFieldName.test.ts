import { describe, expect, it } from 'vitest';
import { defaultNewFieldName } from './defaultNewFieldName.js';
import { toScriptName } from './toScriptName.js';

describe('defaultNewFieldName', () => {
  it('uses the default name of each type when it is free', () => {
    expect(defaultNewFieldName('Text', [])).toBe('Text');
    expect(defaultNewFieldName('Boolean', ['Text'])).toBe('Yes/No');
    expect(defaultNewFieldName('DateTime', [])).toBe('Date and Time');
    expect(defaultNewFieldName('MultilineText', [])).toBe('Multiline Text');
    expect(defaultNewFieldName('RichText', [])).toBe('Rich Text');
    expect(defaultNewFieldName('AutoNumber', [])).toBe('AutoNumber');
  });

  it('adds a space and a number from 2 while the name clashes case-insensitively', () => {
    expect(defaultNewFieldName('Text', ['text'])).toBe('Text 2');
    expect(defaultNewFieldName('Text', ['Text', ' TEXT 2 '])).toBe('Text 3');
    expect(defaultNewFieldName('Number', ['Number', 'Number 3'])).toBe('Number 2');
  });

  it('treats taken script names as clashes, including the derived script name', () => {
    expect(defaultNewFieldName('Date', ['date'])).toBe('Date 2');
    expect(defaultNewFieldName('Boolean', ['Approved', 'Yes_No'])).toBe('Yes/No 2');
    expect(defaultNewFieldName('DateTime', ['Date_and_Time', 'Date_and_Time_2'])).toBe('Date and Time 3');
  });

  it('accepts any iterable and ignores entries that are not strings', () => {
    const taken = new Set<string>(['Currency']);
    expect(defaultNewFieldName('Currency', taken)).toBe('Currency 2');
    expect(defaultNewFieldName('Time', [null, 7, 'Time'] as unknown as string[])).toBe('Time 2');
  });
});

describe('toScriptName', () => {
  it('turns runs of other characters into one underscore', () => {
    expect(toScriptName('Date and Time')).toBe('Date_and_Time');
    expect(toScriptName('Yes/No 2')).toBe('Yes_No_2');
    expect(toScriptName('  First -- name  ')).toBe('First_name');
    expect(toScriptName('snake_case__name')).toBe('snake_case_name');
  });

  it('folds accents and drops what has no ASCII form', () => {
    expect(toScriptName('Café Crème')).toBe('Cafe_Creme');
    expect(toScriptName('Größe')).toBe('Gro_e');
    expect(toScriptName('名前')).toBe('');
    expect(toScriptName('')).toBe('');
  });

  it('starts with a letter', () => {
    expect(toScriptName('2nd address')).toBe('Field_2nd_address');
    expect(toScriptName('_9 lives', 'Object')).toBe('Object_9_lives');
    for (const name of ['1', '#1 Fan', 'Ünïcödé 3', 'a']) {
      const scriptName = toScriptName(name);
      expect(scriptName).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    }
  });
});
