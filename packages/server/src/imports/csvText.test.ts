import { describe, expect, it } from 'vitest';
import { countRows, csvDelimiter, csvRecords, decodeCsvBytes } from './csvText.js';

const rowsOf = async (text: string) => {
  const out: Array<[number, string[]]> = [];
  for await (const row of csvRecords(text)) out.push([row.line, row.cells]);
  return out;
};

describe('reading CSV text', () => {
  it('numbers each row by the line it starts on, across quoted line breaks and blank lines', async () => {
    const text = 'a,b\r\n1,"x\r\ny"\r\n\r\n2,z\n"3\n\n",w\n4,v';
    expect(await rowsOf(text)).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'x\r\ny']],
      [5, ['2', 'z']],
      [6, ['3\n\n', 'w']],
      [9, ['4', 'v']],
    ]);
    expect(countRows(text)).toBe(4);
  });

  it('takes the delimiter the header holds most of outside quotes', () => {
    expect(csvDelimiter('a;b;"c,d"\n1;2;3')).toBe(';');
    expect(csvDelimiter('a\tb\n1\t2')).toBe('\t');
    expect(csvDelimiter('"only one"\n1')).toBe(',');
  });

  it('decodes UTF-8 with a BOM, UTF-16 and Windows-1252, and refuses binary', () => {
    expect(decodeCsvBytes(Buffer.from('\ufeffName\nÉva', 'utf8'))).toBe('Name\nÉva');
    expect(decodeCsvBytes(Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x0a, 0x00]))).toBe('A\n');
    expect(decodeCsvBytes(Buffer.from([0x4e, 0x0a, 0xe9]))).toBe('N\né');
    expect(() => decodeCsvBytes(Buffer.from([0x4e, 0x00, 0x41]))).toThrow(/not a CSV file/);
  });
});
