import { describe, expect, it } from 'vitest';
import { wallClockAt } from '../time/wallClock.js';
import {
  booleanText,
  formatCurrency,
  formatNumberText,
  storedDateText,
  storedDateTimeText,
  storedTimeText,
} from './valueText.js';

describe('value text (spec 02 §9)', () => {
  it('reads numbers and amounts in the locale, the minus before the currency symbol', () => {
    expect(formatNumberText(1234.5, 'en-AU', 3)).toBe('1,234.500');
    expect(formatCurrency(-1234.5, { locale: 'en-AU', currencySymbol: '$' })).toBe('-$1,234.50');
    expect(formatCurrency(12, { locale: 'de-DE', currencySymbol: '€' }, 0)).toBe('€12');
  });

  it("reads dates in the locale's order and times as hh:mm a", () => {
    expect(storedDateText('2026-03-05', 'en-AU')).toBe('05/03/2026');
    expect(storedDateText('2026-03-05', 'en-US')).toBe('03/05/2026');
    expect(storedTimeText('1973-01-01T13:07:00')).toBe('01:07 PM');
    expect(storedDateText('soon', 'en-AU')).toBeNull();
  });

  it("reads an instant on the clock of the tenant's zone, a plain date-time as written", () => {
    const sydney = (instant: Date) => wallClockAt(instant, 'Australia/Sydney');
    expect(storedDateTimeText('2026-03-15T01:30:00.000Z', 'en-AU', sydney)).toBe('15/03/2026 12:30 PM');
    expect(storedDateTimeText('2026-03-15T09:00:00', 'en-AU', sydney)).toBe('15/03/2026 09:00 AM');
  });

  it('reads yes/no values as Yes and No', () => {
    expect([true, false, 'true', 0].map(booleanText)).toEqual(['Yes', 'No', 'Yes', 'No']);
  });
});
