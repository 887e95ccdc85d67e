import { describe, expect, it } from 'vitest';
import type { Expr } from './ast.js';
import { locator } from './locate.js';
import { parse } from './parser.js';
import { print } from './printer.js';

const roundTrip = (src: string) => {
  const { ast, diagnostics } = parse(src);
  expect(diagnostics.filter((d) => d.type === 'Error')).toEqual([]);
  return print(ast as Expr);
};

describe('parser and printer', () => {
  it.each([
    ['1 + 2 & 3', '1 + 2 & 3'],
    ['not a = b', 'not a = b'],
    ['(1 + 2) * 3', '(1 + 2) * 3'],
    ['1 - (2 - 3)', '1 - (2 - 3)'],
    ['a || b && !c', 'a or b and not c'],
    ['x != 1', 'x <> 1'],
    ['[Customer].[Billing City]', '[Customer].[Billing City]'],
    ['[a]]b]', '[a]]b]'],
    ['@[Page Input].Name', '@[Page Input].Name'],
    ["'it''s'", "'it''s'"],
    ['\u2018typographic\u2019', "'typographic'"],
    ["$'Hello {[First Name]}, {{x}} {[Qty] * 2}'", "$'Hello {[First Name]}, {{x}} {[Qty] * 2}'"],
    ['#2024-01-31 13:30#', '#2024-01-31 13:30:00#'],
    ['#13:30#', '#13:30:00#'],
    ['let x = 1 let y = x + 1 select y * 2', 'let x = 1 let y = x + 1 select y * 2'],
    ['a where b > 1 order by c desc, d', 'a where b > 1 order by c desc, d'],
    ["case when x then 'a' else 'b' end", "case when x then 'a' else 'b' end"],
    ['case x when 1 then 2 end', 'case x when 1 then 2 end'],
    ["x in ('a', 'b')", "x in ('a', 'b')"],
    ['x not in list', 'x not in list'],
    ["x not like 'a%'", "x not like 'a%'"],
    ['x is not null', 'x is not null'],
    ['name.left(2)', 'name.left(2)'],
    ['- -1', '- -1'],
    ['iif(a /* c */, 1, 2) // end', 'iif(a, 1, 2)'],
  ])('%s prints as %s', (src, expected) => {
    expect(roundTrip(src)).toBe(expected);
  });

  it('reports syntax errors at the offending token, and past the end at end of input', () => {
    const at = (src: string) => {
      const d = parse(src).diagnostics[0]!;
      return { text: d.text, ...locator(src)(d.span) };
    };
    expect(at('1 +')).toEqual({ text: 'Invalid script syntax.', line: 1, col: 4, length: 0 });
    expect(at('1 +\n )')).toEqual({ text: 'Invalid script syntax.', line: 2, col: 2, length: 1 });
    expect(at('a = b = c')).toEqual({ text: 'Invalid script syntax.', line: 1, col: 7, length: 1 });
    expect(at('  // only a comment')).toEqual({ text: 'Empty expression', line: 1, col: 1, length: 0 });
    expect(at("'open")).toEqual({ text: 'Invalid script syntax.', line: 1, col: 6, length: 0 });
    expect(at('#2023-02-29#')).toEqual({
      text: 'Invalid date/time format: 2023-02-29',
      line: 1,
      col: 1,
      length: 12,
    });
    expect(at('#31/01/2024#')).toEqual({
      text: 'Ambiguous date format; use yyyy-mm-dd.',
      line: 1,
      col: 1,
      length: 12,
    });
  });

  it('rejects deep nesting without overflowing the stack', () => {
    expect(
      parse(`${'('.repeat(100_000)}1${')'.repeat(100_000)}`.slice(0, 100_000)).diagnostics[0]?.text,
    ).toBe('Expression is nested too deeply (more than 256 levels).');
    expect(parse(`${'-'.repeat(50_000)}1`).diagnostics[0]?.text).toBe(
      'Expression is nested too deeply (more than 256 levels).',
    );
    expect(parse(Array(5000).fill('1').join('+')).diagnostics[0]?.text).toBe(
      'Expression is nested too deeply (more than 256 levels).',
    );
    expect(parse('x'.repeat(100_001)).diagnostics[0]?.text).toBe(
      'Expression is too long (more than 100,000 characters).',
    );
    expect(parse(`${'('.repeat(256)}1${')'.repeat(256)}`).diagnostics).toEqual([]);
  });
});
