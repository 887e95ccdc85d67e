import { StringStream } from '@codemirror/language';
import { lex } from '@plinth/calc';
import { describe, expect, it } from 'vitest';
import { type CalcTokenName, calcToken, startCalcState } from './calcTokens';

interface Piece {
  kind: string;
  from: number;
  to: number;
}

/** The highlighter's tokens, line by line as CodeMirror asks; comments and refinements mapped. */
function highlighterPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  const state = startCalcState();
  let offset = 0;
  for (const line of text.split('\n')) {
    const stream = new StringStream(line, 4, 2);
    while (!stream.eol()) {
      stream.start = stream.pos;
      const name: CalcTokenName | null = calcToken(stream, state);
      expect(stream.pos, `the tokenizer advances in ${JSON.stringify(line)}`).toBeGreaterThan(stream.start);
      if (name === null || name === 'comment') continue;
      pieces.push({
        kind: name === 'function' ? 'ident' : name,
        from: offset + stream.start,
        to: offset + stream.pos,
      });
    }
    offset += line.length + 1;
  }
  return pieces;
}

/** The real lexer's tokens, split where they cross a line break (as the highlighter sees them). */
function lexerPieces(text: string): Piece[] {
  const result = lex(text);
  if (!result.ok) throw new Error(`the corpus expression does not lex: ${text}`);
  const pieces: Piece[] = [];
  for (const token of result.tokens) {
    if (token.kind === 'eof') continue;
    let from = token.span.start;
    const slice = text.slice(token.span.start, token.span.end);
    for (const [i, part] of slice.split('\n').entries()) {
      if (i > 0) from += 1;
      if (part !== '') pieces.push({ kind: token.kind, from, to: from + part.length });
      from += part.length;
    }
  }
  return pieces;
}

const corpus = [
  '[Qty] * [Unit Price]',
  "iif([Amount] > 1000, 'Large', 'Small')",
  'let total = [Qty] * [Unit Price] select iif(total > 1000, total * 0.9, total)',
  "case when [Score] >= 80 then 'High' when [Score] >= 50 then 'Medium' else 'Low' end",
  "case [Status] when 'Open' then 1 when 'Closed' then 2 end",
  "[Status] in ('Open', 'Pending')",
  "'Beta' in [SelectedRecords].Name",
  '#2024-01-31#   #2024-01-31 17:00#   #17:00#',
  '[Phone] is null or isnull([Discount], 0) = 0',
  "coalesce([Nickname], [First Name], 'n/a')",
  "[Email] like '%@example.com' and not [Email] like 'x%'",
  "$'Dear {[First Name]}, your order {[Order No]} ships {datename(weekday, [Ship Date])}.'",
  "$'Braces {{literal}} and ''quotes'' {[Qty] * 2}'",
  "$'outer {$'inner {[A]}'} done'",
  'link([Customer])',
  '[Customer].[Billing City] & Manager.Manager.Name',
  '@PageInput.Name + @[Selected Records].Amount',
  'sum([Lines].Amount) / count([Lines]) % 7 <> 3 != 2 <= 1 >= 0 || true && false',
  '-[Qty] + 12.50 - 3 ! 1',
  "'it''s' & \u2018typographic\u2019",
  '[Odd ]]name] = [x]',
  '/* a comment [Not a ref] */ [Qty] // trailing comment',
  '[Qty]\n  * /* spans\n  two lines */ [Price]\n// last',
  "'a text\nacross lines' & [Name\nsplit]",
  "$'template\ntext {[Qty]\n+ 1} end'",
  '[Lines] where Amount > 10 order by Amount desc, Name asc',
  'ORDER BY SELECT Let LIKE Is NULL In Case When Then Else End And Or Not Asc Desc True False',
  'Übergröße + _private + x1 + été',
  'dateadd(month, 1, #2024-01-31#) ; ',
];

describe('the highlighter agrees with the lexer', () => {
  it.each(corpus.filter((text) => lex(text).ok))('on every token of %j', (text) => {
    expect(highlighterPieces(text)).toEqual(lexerPieces(text));
  });

  it('covers every token kind of the lexer in its corpus', () => {
    const kinds = new Set(
      corpus.flatMap((text) => (lex(text).ok ? lexerPieces(text).map((p) => p.kind) : [])),
    );
    expect([...kinds].sort()).toEqual(
      [
        'date',
        'holeClose',
        'holeOpen',
        'ident',
        'keyword',
        'number',
        'op',
        'param',
        'string',
        'tplEnd',
        'tplStart',
        'tplText',
      ].sort(),
    );
  });

  it('marks what the lexer refuses as invalid and goes on', () => {
    const state = startCalcState();
    const stream = new StringStream('12abc ; [Qty]', 4, 2);
    const names: (CalcTokenName | null)[] = [];
    while (!stream.eol()) {
      stream.start = stream.pos;
      names.push(calcToken(stream, state));
    }
    expect(names).toEqual(['invalid', null, 'invalid', null, 'ident']);
  });

  it('names a call as a function', () => {
    const stream = new StringStream('abs (1)', 4, 2);
    expect(calcToken(stream, startCalcState())).toBe('function');
  });
});
