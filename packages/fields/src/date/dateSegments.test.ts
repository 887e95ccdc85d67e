import { CalendarDate, CalendarDateTime, Time } from '@internationalized/date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DateOrder, dateOrderFor, datePatternFor, formatDate } from './dateFormats';
import {
  daysInMonth,
  type EditorKind,
  fromValue,
  isFilled,
  type SegmentsState,
  segmentLayout,
  segmentRanges,
  typedValueOf,
  typeKey,
} from './dateSegments';

const orders: DateOrder[] = ['dmy', 'mdy', 'ymd'];

function typed(kind: EditorKind, order: DateOrder, keys: string): SegmentsState {
  let state = fromValue(segmentLayout(kind, order), null);
  for (const key of keys) state = typeKey(state, key);
  return state;
}

interface Part {
  type: 'day' | 'month' | 'year' | 'hour' | 'minute';
  value: number;
}

/**
 * The keys a person may type for segment parts: padded or not, with separators or not. Without a
 * separator a part loses its leading zero only where that is unambiguous: its single digit cannot
 * be followed by the next typed digit within the segment's range (or nothing follows).
 */
function keysFor(parts: Part[], padding: boolean[], separator: string | null): string {
  const texts = parts.map(({ type, value }, i) => {
    const width = segmentRanges[type].digits;
    return type !== 'year' && !padding[i] ? String(value) : String(value).padStart(width, '0');
  });
  if (separator !== null) return texts.join(separator);
  // Right to left, so that each part knows the digit that will really follow it.
  const out: string[] = [];
  for (let i = texts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    const text = texts[i]!;
    const { digits, max } = segmentRanges[part.type];
    const next = out[0]?.[0];
    const unambiguous =
      text.length === digits ||
      next === undefined ||
      Number(`${text}0`) > max ||
      Number(`${text}${next}`) > max;
    out.unshift(unambiguous ? text : text.padStart(digits, '0'));
  }
  return out.join('');
}

const dateArb = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => ({ year, month, day: Math.min(day, daysInMonth(year, month)) }));

const datePartsIn = (order: DateOrder, d: { year: number; month: number; day: number }): Part[] =>
  [...order].map((c) =>
    c === 'd'
      ? { type: 'day', value: d.day }
      : c === 'm'
        ? { type: 'month', value: d.month }
        : { type: 'year', value: d.year },
  );

describe('typing dates by segments', () => {
  it('types every valid date in every order, digit by digit or with separators', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.constantFrom(...orders),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        fc.constantFrom(null, '/', '-', '.', ' '),
        (date, order, padding, separator) => {
          const keys = keysFor(datePartsIn(order, date), padding, separator);
          const state = typed('date', order, keys);
          expect(typedValueOf(state), keys).toEqual(new CalendarDate(date.year, date.month, date.day));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('types every date-time in every order, with or without separators', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...orders),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.constantFrom(null, '/'),
        (date, hour, minute, order, padding, separator) => {
          const hour12 = hour % 12 === 0 ? 12 : hour % 12;
          const parts = [
            ...datePartsIn(order, date),
            { type: 'hour', value: hour12 },
            { type: 'minute', value: minute },
          ] satisfies Part[];
          const keys = `${keysFor(parts, padding, separator)}${separator ?? ''}${hour < 12 ? 'a' : 'p'}`;
          const state = typed('dateTime', order, keys);
          expect(typedValueOf(state), keys).toEqual(
            new CalendarDateTime(date.year, date.month, date.day, hour, minute),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps an impossible day and month as typed, and it is not a date', () => {
    const impossible = fc
      .record({
        year: fc.integer({ min: 1, max: 9999 }),
        month: fc.constantFrom(2, 4, 6, 9, 11),
        day: fc.integer({ min: 29, max: 31 }),
      })
      .filter(({ year, month, day }) => day > daysInMonth(year, month));
    fc.assert(
      fc.property(impossible, fc.constantFrom(...orders), fc.constantFrom(null, '/'), (date, order, sep) => {
        const parts = datePartsIn(order, date);
        const keys = keysFor(parts, [true, true, true], sep);
        const state = typed('date', order, keys);
        expect(state.texts).toEqual(
          parts.map((p) => String(p.value).padStart(segmentRanges[p.type].digits, '0')),
        );
        expect(isFilled(state)).toBe(true);
        expect(typedValueOf(state)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('does not clamp the day while the month is typed (31, then 02, then 03)', () => {
    const state = typed('date', 'dmy', '3102');
    expect(state.texts).toEqual(['31', '02', '']);
    expect(typedValueOf(typed('date', 'dmy', '31022027'))).toBeUndefined();
    expect(typedValueOf(typed('date', 'dmy', '31032027'))).toEqual(new CalendarDate(2027, 3, 31));
    expect(typedValueOf(typed('date', 'dmy', '29022028'))).toEqual(new CalendarDate(2028, 2, 29));
    expect(typedValueOf(typed('date', 'dmy', '29022027'))).toBeUndefined();
  });

  it('moves to the next segment on a separator, not when the segment just began', () => {
    expect(typed('date', 'dmy', '2/3/2027').texts).toEqual(['2', '3', '2027']);
    // 4 cannot begin a two-digit day, so the field is already on the month when "/" comes.
    expect(typed('date', 'dmy', '4/3/2027').texts).toEqual(['4', '3', '2027']);
    expect(typed('date', 'ymd', '2027-3-2').texts).toEqual(['2027', '3', '2']);
    expect(typed('date', 'mdy', '3//2/2027').texts).toEqual(['3', '2', '2027']);
  });

  it('needs a 4-digit year: a shorter one is kept and is not a date', () => {
    const state = typed('date', 'dmy', '2/3/27');
    expect(state.texts).toEqual(['2', '3', '27']);
    expect(isFilled(state)).toBe(false);
    expect(typedValueOf(state)).toBeUndefined();
    expect(typedValueOf(typed('date', 'dmy', '01010800'))).toEqual(new CalendarDate(800, 1, 1));
  });

  it('reads a time typed with a or p', () => {
    expect(typedValueOf(typed('time', 'dmy', '0745p'))).toEqual(new Time(19, 45));
    expect(typedValueOf(typed('time', 'dmy', '12:5a'))).toEqual(new Time(0, 5));
    expect(typedValueOf(typed('time', 'dmy', '7:4'))).toBeUndefined();
  });
});

describe('date orders of locales', () => {
  it('is day first for en-AU and en-GB, month first for en-US and by default, ISO where the year leads', () => {
    expect(dateOrderFor('en-AU')).toBe('dmy');
    expect(dateOrderFor('en-GB')).toBe('dmy');
    expect(dateOrderFor('en-US')).toBe('mdy');
    expect(dateOrderFor('fr-FR')).toBe('mdy');
    expect(dateOrderFor('not a locale')).toBe('mdy');
    expect(dateOrderFor('ja-JP')).toBe('ymd');
    expect(datePatternFor('sv-SE')).toBe('yyyy-MM-dd');
    expect(formatDate({ year: 2027, month: 3, day: 2 }, 'ja-JP')).toBe('2027-03-02');
  });
});
