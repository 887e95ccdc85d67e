import { describe, expect, it } from 'vitest';
import { cellText } from './cellText.js';

const au = { locale: 'en-AU', currencySymbol: '$', timeZone: 'Australia/Sydney' };
const us = { locale: 'en-US', currencySymbol: '€', timeZone: 'UTC' };

describe('cellText', () => {
  it('shows numbers, decimals with their places and currency with the tenant symbol', () => {
    expect(cellText({ type: 'Int32' }, { val: 1234567 }, au)).toBe('1,234,567');
    expect(cellText({ type: 'Decimal', places: 3 }, { val: 2.5 }, au)).toBe('2.500');
    expect(cellText({ type: 'Decimal' }, { val: '7.125' }, au)).toBe('7.13');
    expect(cellText({ type: 'Currency', places: 2 }, { val: -1234.5 }, us)).toBe('-€1,234.50');
    expect(cellText({ type: 'Currency' }, { val: 0 }, au)).toBe('$0.00');
  });

  it('shows dates in the locale pattern, times as hh:mm a and date-times in the tenant zone', () => {
    expect(cellText({ type: 'Date' }, { val: '2026-03-05' }, au)).toBe('05/03/2026');
    expect(cellText({ type: 'Date' }, { val: '2026-03-05' }, us)).toBe('03/05/2026');
    expect(cellText({ type: 'Time' }, { val: '14:05:00' }, au)).toBe('02:05 PM');
    expect(cellText({ type: 'Time' }, { val: '1973-01-01T09:30:00' }, au)).toBe('09:30 AM');
    expect(cellText({ type: 'DateTime' }, { val: '2026-03-05T23:30:00.000Z' }, au)).toBe(
      '06/03/2026 10:30 AM',
    );
    expect(cellText({ type: 'DateTime' }, { val: '2026-03-05T00:15:00Z' }, us)).toBe('03/05/2026 12:15 AM');
  });

  it("shows an auto-number as the server's text for it (its display pattern), else the bare number", () => {
    expect(cellText({ type: 'AutoNumber' }, { val: 1012, text: 'OPP-1012' }, au)).toBe('OPP-1012');
    expect(cellText({ type: 'AutoNumber' }, { val: 12345 }, au)).toBe('12345');
    expect(cellText({ type: 'AutoNumber' }, { val: null, text: 'OPP-' }, au)).toBe('');
  });

  it('shows bools as Yes or No and joins related records', () => {
    expect(cellText({ type: 'Bool' }, { val: true })).toBe('Yes');
    expect(cellText({ type: 'Bool' }, { val: false })).toBe('No');
    expect(
      cellText(
        { type: 'RelatedResource' },
        {
          vals: [
            { eid: 1, val: 'Ann' },
            { eid: 2, val: 'Bob' },
            { eid: 3, val: null },
          ],
        },
      ),
    ).toBe('Ann, Bob, Unnamed resource');
  });

  it('shows empty cells empty and odd values as written, without throwing', () => {
    expect(cellText({ type: 'String' }, { val: null })).toBe('');
    expect(cellText({ type: 'String' }, undefined)).toBe('');
    expect(cellText({ type: 'Date' }, { val: 'someday' })).toBe('someday');
    expect(cellText({ type: 'Int32' }, { val: 'n/a' })).toBe('n/a');
    expect(cellText({ type: 'DateTime' }, { val: '2026-13-99T00:00:00Z' }, au)).toBe('2026-13-99T00:00:00Z');
    expect(
      cellText({ type: 'DateTime' }, { val: '2026-03-05T00:15:00Z' }, { ...au, timeZone: 'Nowhere/City' }),
    ).toBe('05/03/2026 12:15 AM');
    expect(cellText({ type: 'String' }, { vals: 'x' } as never)).toBe('');
  });

  it('shows file sizes in MB with 2 decimals', () => {
    expect(cellText({ type: 'Int32', isFileSize: true }, { val: 1_572_864 })).toBe('1.50 MB');
    expect(cellText({ type: 'Int32', isFileSize: true }, { val: '1048576' })).toBe('1.00 MB');
    expect(cellText({ type: 'Int32', isFileSize: true }, { val: 0 })).toBe('0.00 KB');
    expect(cellText({ type: 'Int32', isFileSize: true }, { val: 'big' })).toBe('big');
  });
});
