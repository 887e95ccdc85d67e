import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/exports/cellText.js';
import { attachmentHeader, exportFileName } from '../../src/exports/exportFormats.js';
import { type ExportColumn, exportCell } from '../../src/exports/exportRows.js';
import { dropControlCharacters, neutraliseCell } from '../../src/exports/neutraliseCell.js';

describe('neutraliseCell', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-cmd', "'-cmd"],
    ['@x', "'@x"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ['', ''],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    [' =not first', ' =not first'],
    ["'already", "'already"],
  ])('%j → %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });

  it('drops control characters before neutralising, so none hides a leading =', () => {
    expect(neutraliseCell(dropControlCharacters('\u0001=cmd'))).toBe("'=cmd");
    expect(dropControlCharacters('a\tb\nc\rd\u0000e\u001ff\u007f')).toBe('a\tb\nc\rdef');
  });
});

describe('export cells', () => {
  const col = (type: ExportColumn['type']): ExportColumn => ({ id: 'c', title: 'C', type });

  it('keeps genuine numbers of numeric columns as numbers, negative ones included', () => {
    expect(exportCell(col('Int32'), { val: -5 })).toEqual({ kind: 'number', value: -5 });
    expect(exportCell(col('Currency'), { val: '-12.50' })).toEqual({ kind: 'number', value: -12.5 });
    expect(cellText(exportCell(col('Decimal'), { val: -0.25 }))).toBe('-0.25');
  });

  it('makes anything else text, neutralised', () => {
    expect(cellText(exportCell(col('Int32'), { val: '=1+2' }))).toBe("'=1+2");
    expect(cellText(exportCell(col('Int32'), { val: '-1e3' }))).toBe("'-1e3");
    expect(cellText(exportCell(col('String'), { val: -5 }))).toBe("'-5");
    expect(cellText(exportCell(col('String'), { val: '+61 400 000 000' }))).toBe("'+61 400 000 000");
    expect(
      cellText(
        exportCell(col('InlineRelationship'), {
          vals: [
            { eid: 1, val: '@a' },
            { eid: 2, val: 'b' },
          ],
        }),
      ),
    ).toBe("'@a, b");
    expect(cellText(exportCell(col('Bool'), { val: true }), ['Yes', 'No'])).toBe('Yes');
    expect(exportCell(col('String'), { val: null })).toBeNull();
    expect(exportCell(col('Date'), { val: 'not a date' })).toEqual({ kind: 'text', value: 'not a date' });
  });
});

describe('file names', () => {
  it('are the title with the extension, without characters file systems refuse', () => {
    expect(exportFileName('Q1 Sales', 'excel')).toBe('Q1 Sales.xlsx');
    expect(exportFileName('a/b\\c:d*e?f"g<h>i|j', 'csv')).toBe('a_b_c_d_e_f_g_h_i_j.csv');
    expect(exportFileName('line\r\nbreak', 'word')).toBe('line__break.docx');
    expect(exportFileName('  ', 'csv')).toBe('Report.csv');
    expect(exportFileName('..', 'csv')).toBe('Report.csv');
    expect(exportFileName('x'.repeat(500), 'csv')).toBe(`${'x'.repeat(150)}.csv`);
  });

  it('are sent as an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentHeader('Ventes été "2026".csv')).toBe(
      `attachment; filename="Ventes _t_ _2026_.csv"; filename*=UTF-8''Ventes%20%C3%A9t%C3%A9%20%222026%22.csv`,
    );
    expect(attachmentHeader("it's (100%).csv")).toBe(
      `attachment; filename="it's (100_).csv"; filename*=UTF-8''it%27s%20%28100%25%29.csv`,
    );
  });
});
