import { describe, expect, it } from 'vitest';
import {
  dateOnlyAdd,
  localDateOf,
  MAX_RELATIVE_DATE_COUNT,
  type RelativeDateSettings,
  relativeDateRange,
  relativeInstantRange,
  startOfLocalDayUtc,
} from './dateRanges.js';
import {
  inTheLastOperators,
  inTheNextOperators,
  isOnlyOperators,
  type RelativeDateOperator,
} from './operators.js';

// Every expected value below is a literal worked out by hand (calendar, weekday and UTC offset of the
// zone on that date), never computed with the module under test.

const SYDNEY = 'Australia/Sydney'; // AEST +10, AEDT +11 from the first Sunday of October to the first Sunday of April
const NEW_YORK = 'America/New_York'; // EST -5, EDT -4 from the second Sunday of March to the first Sunday of November
const LONDON = 'Europe/London'; // GMT +0, BST +1 from the last Sunday of March to the last Sunday of October

const tz = (timeZone: string, financialYearStartMonth = 7): RelativeDateSettings => ({
  timeZone,
  financialYearStartMonth,
});

type Row = readonly [op: RelativeDateOperator, n: number | undefined, from: string, to: string];

function checkDates(now: string, settings: RelativeDateSettings, rows: readonly Row[]): void {
  for (const [op, n, from, to] of rows) {
    it(`${op}${n === undefined ? '' : ` n=${n}`} → [${from}, ${to})`, () => {
      expect(relativeDateRange(op, n, new Date(now), settings)).toEqual({ from, to });
    });
  }
}

function checkInstants(now: string, settings: RelativeDateSettings, rows: readonly Row[]): void {
  for (const [op, n, from, to] of rows) {
    it(`${op}${n === undefined ? '' : ` n=${n}`} → [${from}, ${to})`, () => {
      expect(relativeInstantRange(op, n, new Date(now), settings)).toEqual({ from, to });
    });
  }
}

describe('year end: 2025-12-31 23:30 in Sydney (12:30Z, a Wednesday), financial year from July', () => {
  const now = '2025-12-31T12:30:00.000Z';
  describe('dates', () => {
    checkDates(now, tz(SYDNEY), [
      ['Today', undefined, '2025-12-31', '2026-01-01'],
      ['ThisWeek', undefined, '2025-12-29', '2026-01-05'],
      ['ThisMonth', undefined, '2025-12-01', '2026-01-01'],
      ['ThisQuarter', undefined, '2025-10-01', '2026-01-01'],
      ['ThisYear', undefined, '2025-01-01', '2026-01-01'],
      ['CurrentFinancialYear', undefined, '2025-07-01', '2026-07-01'],
      ['LastNDays', 1, '2025-12-30', '2026-01-01'],
      ['LastNDays', 13, '2025-12-18', '2026-01-01'],
      ['LastNDaysTillNow', 1, '2025-12-30', '2026-01-01'],
      ['LastNDaysTillNow', 13, '2025-12-18', '2026-01-01'],
      ['NextNDays', 1, '2025-12-31', '2026-01-02'],
      ['NextNDays', 13, '2025-12-31', '2026-01-14'],
      ['NextNDaysFromNow', 1, '2025-12-31', '2026-01-02'],
      ['NextNDaysFromNow', 13, '2025-12-31', '2026-01-14'],
      ['LastNWeeks', 1, '2025-12-22', '2025-12-29'],
      ['LastNWeeks', 13, '2025-09-29', '2025-12-29'],
      ['NextNWeeks', 1, '2026-01-05', '2026-01-12'],
      ['NextNWeeks', 13, '2026-01-05', '2026-04-06'],
      ['LastNMonths', 1, '2025-11-01', '2025-12-01'],
      ['LastNMonths', 13, '2024-11-01', '2025-12-01'],
      ['NextNMonths', 1, '2026-01-01', '2026-02-01'],
      ['NextNMonths', 13, '2026-01-01', '2027-02-01'],
      ['LastNQuarters', 1, '2025-07-01', '2025-10-01'],
      ['LastNQuarters', 13, '2022-07-01', '2025-10-01'],
      ['NextNQuarters', 1, '2026-01-01', '2026-04-01'],
      ['NextNQuarters', 13, '2026-01-01', '2029-04-01'],
      ['LastNYears', 1, '2024-01-01', '2025-01-01'],
      ['LastNYears', 13, '2012-01-01', '2025-01-01'],
      ['NextNYears', 1, '2026-01-01', '2027-01-01'],
      ['NextNYears', 13, '2026-01-01', '2039-01-01'],
      ['LastNFinancialYears', 1, '2024-07-01', '2025-07-01'],
      ['LastNFinancialYears', 13, '2012-07-01', '2025-07-01'],
      ['NextNFinancialYears', 1, '2026-07-01', '2027-07-01'],
      ['NextNFinancialYears', 13, '2026-07-01', '2039-07-01'],
    ]);
  });
  describe('instants (December and January are AEDT +11, July is AEST +10)', () => {
    checkInstants(now, tz(SYDNEY), [
      ['Today', undefined, '2025-12-30T13:00:00.000Z', '2025-12-31T13:00:00.000Z'],
      ['ThisWeek', undefined, '2025-12-28T13:00:00.000Z', '2026-01-04T13:00:00.000Z'],
      ['ThisYear', undefined, '2024-12-31T13:00:00.000Z', '2025-12-31T13:00:00.000Z'],
      ['CurrentFinancialYear', undefined, '2025-06-30T14:00:00.000Z', '2026-06-30T14:00:00.000Z'],
      ['LastNDays', 1, '2025-12-29T13:00:00.000Z', '2025-12-31T13:00:00.000Z'],
      ['NextNDays', 1, '2025-12-30T13:00:00.000Z', '2026-01-01T13:00:00.000Z'],
      ['LastNDaysTillNow', 1, '2025-12-30T12:30:00.000Z', '2025-12-31T12:30:00.000Z'],
      ['LastNDaysTillNow', 13, '2025-12-18T12:30:00.000Z', '2025-12-31T12:30:00.000Z'],
      ['NextNDaysFromNow', 1, '2025-12-31T12:30:00.000Z', '2026-01-01T12:30:00.000Z'],
      ['NextNDaysFromNow', 13, '2025-12-31T12:30:00.000Z', '2026-01-13T12:30:00.000Z'],
      ['NextNMonths', 1, '2025-12-31T13:00:00.000Z', '2026-01-31T13:00:00.000Z'],
      ['LastNFinancialYears', 1, '2024-06-30T14:00:00.000Z', '2025-06-30T14:00:00.000Z'],
    ]);
  });
  describe('the same instant in UTC is the same date (12:30Z)', () => {
    checkDates(now, tz('UTC'), [
      ['Today', undefined, '2025-12-31', '2026-01-01'],
      ['ThisYear', undefined, '2025-01-01', '2026-01-01'],
    ]);
  });
});

describe('UTC and local dates differ', () => {
  describe('2025-12-31T13:30Z is 2026-01-01 00:30 (a Thursday) in Sydney', () => {
    const now = '2025-12-31T13:30:00.000Z';
    checkDates(now, tz(SYDNEY), [
      ['Today', undefined, '2026-01-01', '2026-01-02'],
      ['ThisWeek', undefined, '2025-12-29', '2026-01-05'],
      ['ThisMonth', undefined, '2026-01-01', '2026-02-01'],
      ['ThisQuarter', undefined, '2026-01-01', '2026-04-01'],
      ['ThisYear', undefined, '2026-01-01', '2027-01-01'],
      ['LastNYears', 1, '2025-01-01', '2026-01-01'],
      ['LastNDays', 1, '2025-12-31', '2026-01-02'],
    ]);
    describe('but still 2025-12-31 in UTC', () => {
      checkDates(now, tz('UTC'), [
        ['Today', undefined, '2025-12-31', '2026-01-01'],
        ['ThisYear', undefined, '2025-01-01', '2026-01-01'],
        ['LastNYears', 1, '2024-01-01', '2025-01-01'],
      ]);
      checkInstants(now, tz('UTC'), [
        ['Today', undefined, '2025-12-31T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
      ]);
    });
    checkInstants(now, tz(SYDNEY), [
      ['Today', undefined, '2025-12-31T13:00:00.000Z', '2026-01-01T13:00:00.000Z'],
    ]);
  });
  describe('2025-07-01T02:00Z is 2025-06-30 22:00 EDT in New York: still the old financial year', () => {
    const now = '2025-07-01T02:00:00.000Z';
    checkDates(now, tz(NEW_YORK), [
      ['Today', undefined, '2025-06-30', '2025-07-01'],
      ['ThisQuarter', undefined, '2025-04-01', '2025-07-01'],
      ['CurrentFinancialYear', undefined, '2024-07-01', '2025-07-01'],
    ]);
    checkInstants(now, tz(NEW_YORK), [
      ['Today', undefined, '2025-06-30T04:00:00.000Z', '2025-07-01T04:00:00.000Z'],
      ['CurrentFinancialYear', undefined, '2024-07-01T04:00:00.000Z', '2025-07-01T04:00:00.000Z'],
    ]);
    checkDates(now, tz('UTC'), [['CurrentFinancialYear', undefined, '2025-07-01', '2026-07-01']]);
  });
  describe('Monday 2025-06-02 08:00 in Sydney is Sunday 2025-06-01 22:00 UTC', () => {
    const now = '2025-06-01T22:00:00.000Z';
    checkDates(now, tz(SYDNEY), [['ThisWeek', undefined, '2025-06-02', '2025-06-09']]);
    checkDates(now, tz('UTC'), [['ThisWeek', undefined, '2025-05-26', '2025-06-02']]);
  });
});

describe('leap day: 2024-02-29 12:00 in London (GMT, a Thursday)', () => {
  const now = '2024-02-29T12:00:00.000Z';
  checkDates(now, tz(LONDON), [
    ['Today', undefined, '2024-02-29', '2024-03-01'],
    ['ThisWeek', undefined, '2024-02-26', '2024-03-04'],
    ['ThisMonth', undefined, '2024-02-01', '2024-03-01'],
    ['ThisQuarter', undefined, '2024-01-01', '2024-04-01'],
    ['ThisYear', undefined, '2024-01-01', '2025-01-01'],
    ['CurrentFinancialYear', undefined, '2023-07-01', '2024-07-01'],
    ['LastNDays', 1, '2024-02-28', '2024-03-01'],
    ['LastNDays', 13, '2024-02-16', '2024-03-01'],
    ['NextNDays', 1, '2024-02-29', '2024-03-02'],
    ['NextNDays', 13, '2024-02-29', '2024-03-14'],
    ['LastNWeeks', 1, '2024-02-19', '2024-02-26'],
    ['LastNWeeks', 13, '2023-11-27', '2024-02-26'],
    ['NextNWeeks', 1, '2024-03-04', '2024-03-11'],
    ['NextNWeeks', 13, '2024-03-04', '2024-06-03'],
    ['LastNMonths', 1, '2024-01-01', '2024-02-01'],
    ['LastNMonths', 13, '2023-01-01', '2024-02-01'],
    ['NextNMonths', 1, '2024-03-01', '2024-04-01'],
    ['NextNMonths', 13, '2024-03-01', '2025-04-01'],
    ['LastNYears', 1, '2023-01-01', '2024-01-01'],
    ['NextNYears', 1, '2025-01-01', '2026-01-01'],
  ]);
  checkInstants(now, tz(LONDON), [
    ['Today', undefined, '2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['NextNDaysFromNow', 1, '2024-02-29T12:00:00.000Z', '2024-03-01T12:00:00.000Z'],
    ['LastNDaysTillNow', 1, '2024-02-28T12:00:00.000Z', '2024-02-29T12:00:00.000Z'],
  ]);
  describe('in Sydney (AEDT +11)', () => {
    checkInstants(now, tz(SYDNEY), [
      ['Today', undefined, '2024-02-28T13:00:00.000Z', '2024-02-29T13:00:00.000Z'],
    ]);
  });
  describe('the day after, 2024-03-01 in London', () => {
    checkDates('2024-03-01T00:00:00.000Z', tz(LONDON), [['LastNDays', 1, '2024-02-29', '2024-03-02']]);
  });
});

describe('financial-year boundaries', () => {
  describe('start month 7: 2025-06-30 23:59:59.999 in Sydney', () => {
    const now = '2025-06-30T13:59:59.999Z';
    checkDates(now, tz(SYDNEY, 7), [
      ['CurrentFinancialYear', undefined, '2024-07-01', '2025-07-01'],
      ['LastNFinancialYears', 1, '2023-07-01', '2024-07-01'],
      ['LastNFinancialYears', 13, '2011-07-01', '2024-07-01'],
      ['NextNFinancialYears', 1, '2025-07-01', '2026-07-01'],
      ['NextNFinancialYears', 13, '2025-07-01', '2038-07-01'],
      ['ThisQuarter', undefined, '2025-04-01', '2025-07-01'],
    ]);
    checkInstants(now, tz(SYDNEY, 7), [
      ['CurrentFinancialYear', undefined, '2024-06-30T14:00:00.000Z', '2025-06-30T14:00:00.000Z'],
    ]);
  });
  describe('start month 7: 2025-07-01 00:00 in Sydney, one millisecond later', () => {
    const now = '2025-06-30T14:00:00.000Z';
    checkDates(now, tz(SYDNEY, 7), [
      ['Today', undefined, '2025-07-01', '2025-07-02'],
      ['CurrentFinancialYear', undefined, '2025-07-01', '2026-07-01'],
      ['LastNFinancialYears', 1, '2024-07-01', '2025-07-01'],
      ['NextNFinancialYears', 1, '2026-07-01', '2027-07-01'],
      ['ThisQuarter', undefined, '2025-07-01', '2025-10-01'],
      ['ThisMonth', undefined, '2025-07-01', '2025-08-01'],
    ]);
    checkInstants(now, tz(SYDNEY, 7), [
      ['CurrentFinancialYear', undefined, '2025-06-30T14:00:00.000Z', '2026-06-30T14:00:00.000Z'],
      ['NextNFinancialYears', 1, '2026-06-30T14:00:00.000Z', '2027-06-30T14:00:00.000Z'],
    ]);
  });
  describe('start month 1 is the calendar year (2025-06-30 in Sydney)', () => {
    const now = '2025-06-30T13:59:59.999Z';
    checkDates(now, tz(SYDNEY, 1), [
      ['CurrentFinancialYear', undefined, '2025-01-01', '2026-01-01'],
      ['LastNFinancialYears', 1, '2024-01-01', '2025-01-01'],
      ['NextNFinancialYears', 13, '2026-01-01', '2039-01-01'],
    ]);
    checkDates('2025-06-30T14:00:00.000Z', tz(SYDNEY, 1), [
      ['CurrentFinancialYear', undefined, '2025-01-01', '2026-01-01'],
    ]);
  });
  describe('start month 4: 2025-03-31 23:59:59.999 BST in London, then 2025-04-01 00:00', () => {
    checkDates('2025-03-31T22:59:59.999Z', tz(LONDON, 4), [
      ['CurrentFinancialYear', undefined, '2024-04-01', '2025-04-01'],
      ['NextNFinancialYears', 1, '2025-04-01', '2026-04-01'],
    ]);
    checkDates('2025-03-31T23:00:00.000Z', tz(LONDON, 4), [
      ['CurrentFinancialYear', undefined, '2025-04-01', '2026-04-01'],
      ['LastNFinancialYears', 1, '2024-04-01', '2025-04-01'],
      ['LastNFinancialYears', 13, '2012-04-01', '2025-04-01'],
    ]);
    checkInstants('2025-03-31T23:00:00.000Z', tz(LONDON, 4), [
      ['CurrentFinancialYear', undefined, '2025-03-31T23:00:00.000Z', '2026-03-31T23:00:00.000Z'],
    ]);
  });
  describe('start month 12 (UTC)', () => {
    checkDates('2025-11-30T12:00:00.000Z', tz('UTC', 12), [
      ['CurrentFinancialYear', undefined, '2024-12-01', '2025-12-01'],
    ]);
    checkDates('2025-12-01T00:00:00.000Z', tz('UTC', 12), [
      ['CurrentFinancialYear', undefined, '2025-12-01', '2026-12-01'],
      ['LastNFinancialYears', 1, '2024-12-01', '2025-12-01'],
    ]);
  });
});

describe('quarter boundaries', () => {
  describe('London, 2025-03-31 23:59:59.999 BST (Q1) then 2025-04-01 00:00 (Q2)', () => {
    checkDates('2025-03-31T22:59:59.999Z', tz(LONDON), [
      ['ThisQuarter', undefined, '2025-01-01', '2025-04-01'],
      ['LastNQuarters', 1, '2024-10-01', '2025-01-01'],
      ['NextNQuarters', 1, '2025-04-01', '2025-07-01'],
    ]);
    checkDates('2025-03-31T23:00:00.000Z', tz(LONDON), [
      ['ThisQuarter', undefined, '2025-04-01', '2025-07-01'],
      ['LastNQuarters', 1, '2025-01-01', '2025-04-01'],
      ['LastNQuarters', 13, '2022-01-01', '2025-04-01'],
      ['NextNQuarters', 13, '2025-07-01', '2028-10-01'],
    ]);
    checkInstants('2025-03-31T23:00:00.000Z', tz(LONDON), [
      ['ThisQuarter', undefined, '2025-03-31T23:00:00.000Z', '2025-06-30T23:00:00.000Z'],
      ['LastNQuarters', 1, '2025-01-01T00:00:00.000Z', '2025-03-31T23:00:00.000Z'],
    ]);
  });
  describe('New York, 2025-09-30 23:59:59.999 EDT (Q3) then 2025-10-01 00:00 (Q4, across the DST end)', () => {
    checkDates('2025-10-01T03:59:59.999Z', tz(NEW_YORK), [
      ['ThisQuarter', undefined, '2025-07-01', '2025-10-01'],
    ]);
    checkDates('2025-10-01T04:00:00.000Z', tz(NEW_YORK), [
      ['ThisQuarter', undefined, '2025-10-01', '2026-01-01'],
    ]);
    checkInstants('2025-10-01T04:00:00.000Z', tz(NEW_YORK), [
      ['ThisQuarter', undefined, '2025-10-01T04:00:00.000Z', '2026-01-01T05:00:00.000Z'],
    ]);
  });
});

describe('weeks start on Monday', () => {
  describe('Sunday 2025-03-09 12:00 EDT in New York (the DST start day)', () => {
    const now = '2025-03-09T16:00:00.000Z';
    checkDates(now, tz(NEW_YORK), [
      ['ThisWeek', undefined, '2025-03-03', '2025-03-10'],
      ['LastNWeeks', 1, '2025-02-24', '2025-03-03'],
      ['LastNWeeks', 13, '2024-12-02', '2025-03-03'],
      ['NextNWeeks', 1, '2025-03-10', '2025-03-17'],
    ]);
    checkInstants(now, tz(NEW_YORK), [
      ['ThisWeek', undefined, '2025-03-03T05:00:00.000Z', '2025-03-10T04:00:00.000Z'],
      ['NextNWeeks', 1, '2025-03-10T04:00:00.000Z', '2025-03-17T04:00:00.000Z'],
    ]);
  });
  describe('Sunday 2025-03-09 23:59:59.999 EDT', () => {
    checkDates('2025-03-10T03:59:59.999Z', tz(NEW_YORK), [
      ['ThisWeek', undefined, '2025-03-03', '2025-03-10'],
    ]);
  });
  describe('Monday 2025-03-10 00:00 EDT exactly', () => {
    const now = '2025-03-10T04:00:00.000Z';
    checkDates(now, tz(NEW_YORK), [
      ['ThisWeek', undefined, '2025-03-10', '2025-03-17'],
      ['LastNWeeks', 1, '2025-03-03', '2025-03-10'],
      ['NextNWeeks', 13, '2025-03-17', '2025-06-16'],
    ]);
    checkInstants(now, tz(NEW_YORK), [
      ['ThisWeek', undefined, '2025-03-10T04:00:00.000Z', '2025-03-17T04:00:00.000Z'],
    ]);
  });
});

describe('DST changes', () => {
  describe('Sydney DST starts Sunday 2025-10-05 (02:00 AEST → 03:00 AEDT): a 23-hour day', () => {
    const now = '2025-10-05T01:00:00.000Z'; // 12:00 AEDT
    checkDates(now, tz(SYDNEY), [
      ['Today', undefined, '2025-10-05', '2025-10-06'],
      ['ThisWeek', undefined, '2025-09-29', '2025-10-06'],
      ['LastNDays', 1, '2025-10-04', '2025-10-06'],
    ]);
    checkInstants(now, tz(SYDNEY), [
      ['Today', undefined, '2025-10-04T14:00:00.000Z', '2025-10-05T13:00:00.000Z'],
      ['ThisWeek', undefined, '2025-09-28T14:00:00.000Z', '2025-10-05T13:00:00.000Z'],
      ['ThisMonth', undefined, '2025-09-30T14:00:00.000Z', '2025-10-31T13:00:00.000Z'],
      ['LastNDays', 1, '2025-10-03T14:00:00.000Z', '2025-10-05T13:00:00.000Z'],
      ['LastNDaysTillNow', 1, '2025-10-04T01:00:00.000Z', '2025-10-05T01:00:00.000Z'],
      ['NextNDaysFromNow', 1, '2025-10-05T01:00:00.000Z', '2025-10-06T01:00:00.000Z'],
    ]);
    describe('just after the change (16:30Z = 03:30 AEDT)', () => {
      checkDates('2025-10-04T16:30:00.000Z', tz(SYDNEY), [['Today', undefined, '2025-10-05', '2025-10-06']]);
    });
    describe('just before midnight (13:59Z on the 4th = 23:59 AEST)', () => {
      checkDates('2025-10-04T13:59:00.000Z', tz(SYDNEY), [['Today', undefined, '2025-10-04', '2025-10-05']]);
    });
  });
  describe('Sydney DST ends Sunday 2025-04-06 (03:00 AEDT → 02:00 AEST): a 25-hour day', () => {
    const now = '2025-04-06T02:00:00.000Z'; // 12:00 AEST
    checkDates(now, tz(SYDNEY), [
      ['Today', undefined, '2025-04-06', '2025-04-07'],
      ['ThisWeek', undefined, '2025-03-31', '2025-04-07'],
    ]);
    checkInstants(now, tz(SYDNEY), [
      ['Today', undefined, '2025-04-05T13:00:00.000Z', '2025-04-06T14:00:00.000Z'],
      ['ThisWeek', undefined, '2025-03-30T13:00:00.000Z', '2025-04-06T14:00:00.000Z'],
      ['NextNDays', 1, '2025-04-05T13:00:00.000Z', '2025-04-07T14:00:00.000Z'],
      ['LastNDaysTillNow', 1, '2025-04-05T02:00:00.000Z', '2025-04-06T02:00:00.000Z'],
      ['ThisMonth', undefined, '2025-03-31T13:00:00.000Z', '2025-04-30T14:00:00.000Z'],
    ]);
    describe('both 02:30s of the repeated hour are on the 6th', () => {
      checkDates('2025-04-05T15:30:00.000Z', tz(SYDNEY), [['Today', undefined, '2025-04-06', '2025-04-07']]);
      checkDates('2025-04-05T16:30:00.000Z', tz(SYDNEY), [['Today', undefined, '2025-04-06', '2025-04-07']]);
    });
  });
  describe('New York DST starts Sunday 2025-03-09 (02:00 EST → 03:00 EDT)', () => {
    checkInstants('2025-03-09T16:00:00.000Z', tz(NEW_YORK), [
      ['Today', undefined, '2025-03-09T05:00:00.000Z', '2025-03-10T04:00:00.000Z'],
      ['LastNDaysTillNow', 1, '2025-03-08T16:00:00.000Z', '2025-03-09T16:00:00.000Z'],
      ['ThisMonth', undefined, '2025-03-01T05:00:00.000Z', '2025-04-01T04:00:00.000Z'],
    ]);
  });
  describe('New York DST ends Sunday 2025-11-02 (02:00 EDT → 01:00 EST)', () => {
    const now = '2025-11-02T17:00:00.000Z'; // 12:00 EST
    checkDates(now, tz(NEW_YORK), [['Today', undefined, '2025-11-02', '2025-11-03']]);
    checkInstants(now, tz(NEW_YORK), [
      ['Today', undefined, '2025-11-02T04:00:00.000Z', '2025-11-03T05:00:00.000Z'],
      ['LastNDaysTillNow', 1, '2025-11-01T17:00:00.000Z', '2025-11-02T17:00:00.000Z'],
      ['NextNDaysFromNow', 1, '2025-11-02T17:00:00.000Z', '2025-11-03T17:00:00.000Z'],
      ['NextNDaysFromNow', 13, '2025-11-02T17:00:00.000Z', '2025-11-15T17:00:00.000Z'],
      ['ThisYear', undefined, '2025-01-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z'],
    ]);
  });
  describe('London DST starts 2025-03-30 and ends 2025-10-26', () => {
    checkInstants('2025-03-30T12:00:00.000Z', tz(LONDON), [
      ['Today', undefined, '2025-03-30T00:00:00.000Z', '2025-03-30T23:00:00.000Z'],
    ]);
    checkInstants('2025-10-26T12:00:00.000Z', tz(LONDON), [
      ['Today', undefined, '2025-10-25T23:00:00.000Z', '2025-10-27T00:00:00.000Z'],
    ]);
  });
});

describe('the count n', () => {
  const now = new Date('2025-06-15T12:00:00.000Z');
  const counted = [...inTheLastOperators, ...inTheNextOperators];
  const invalid: readonly (number | undefined)[] = [
    0,
    -1,
    1.5,
    Number.NaN,
    10_001,
    Number.POSITIVE_INFINITY,
    undefined,
  ];
  for (const op of counted) {
    for (const n of invalid) {
      it(`${op} rejects n=${n}`, () => {
        expect(relativeDateRange(op, n, now, tz(SYDNEY))).toBeUndefined();
        expect(relativeInstantRange(op, n, now, tz(SYDNEY))).toBeUndefined();
      });
    }
    it(`${op} accepts n=1 and n=${MAX_RELATIVE_DATE_COUNT}`, () => {
      expect(relativeDateRange(op, 1, now, tz(SYDNEY))).toBeDefined();
      expect(relativeDateRange(op, MAX_RELATIVE_DATE_COUNT, now, tz(SYDNEY))).toBeDefined();
      expect(relativeInstantRange(op, MAX_RELATIVE_DATE_COUNT, now, tz(SYDNEY))).toBeDefined();
    });
  }
  it('rejects a count that is not a number at all', () => {
    expect(relativeDateRange('LastNDays', '3' as unknown as number, now, tz('UTC'))).toBeUndefined();
  });
  it('is ignored by the current-period operators', () => {
    for (const op of isOnlyOperators) {
      for (const n of invalid) expect(relativeDateRange(op, n, now, tz('UTC'))).toBeDefined();
    }
    expect(relativeDateRange('Today', Number.NaN, now, tz('UTC'))).toEqual({
      from: '2025-06-15',
      to: '2025-06-16',
    });
  });
  it('n = 10,000 days reaches back 27 years', () => {
    expect(relativeDateRange('LastNDays', 10_000, new Date('2025-12-31T12:00:00.000Z'), tz('UTC'))).toEqual({
      from: '1998-08-15',
      to: '2026-01-01',
    });
  });
  it('n = 10,000 months fits in the calendar', () => {
    expect(relativeDateRange('NextNMonths', 10_000, now, tz('UTC'))).toEqual({
      from: '2025-07-01',
      to: '2858-11-01',
    });
  });
});

describe('clamped to years 1–9999', () => {
  const now = new Date('2025-06-15T12:00:00.000Z');
  it('LastNYears 10,000 starts on 0001-01-01', () => {
    expect(relativeDateRange('LastNYears', 10_000, now, tz('UTC'))).toEqual({
      from: '0001-01-01',
      to: '2025-01-01',
    });
    expect(relativeDateRange('LastNFinancialYears', 10_000, now, tz('UTC'))).toEqual({
      from: '0001-01-01',
      to: '2024-07-01',
    });
    expect(relativeInstantRange('LastNYears', 10_000, now, tz('UTC'))).toEqual({
      from: '0001-01-01T00:00:00.000Z',
      to: '2025-01-01T00:00:00.000Z',
    });
  });
  it('uses the local mean time of the zone for year 1 (Sydney +10:04:52)', () => {
    expect(relativeInstantRange('LastNYears', 10_000, now, tz(SYDNEY))).toEqual({
      from: '0000-12-31T13:55:08.000Z',
      to: '2024-12-31T13:00:00.000Z',
    });
  });
  it('NextNYears 10,000 ends on 9999-12-31 (keeping four-digit years)', () => {
    expect(relativeDateRange('NextNYears', 10_000, now, tz('UTC'))).toEqual({
      from: '2026-01-01',
      to: '9999-12-31',
    });
    expect(relativeInstantRange('NextNYears', 10_000, now, tz('UTC'))).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '9999-12-31T00:00:00.000Z',
    });
  });
});

describe('invalid settings, clock or operator', () => {
  const now = new Date('2025-06-15T12:00:00.000Z');
  it('an unknown time zone', () => {
    expect(relativeDateRange('Today', undefined, now, tz('Mars/Olympus_Mons'))).toBeUndefined();
    expect(relativeInstantRange('Today', undefined, now, tz(''))).toBeUndefined();
  });
  it('a financial-year start month outside 1–12 or not whole', () => {
    for (const month of [0, 13, 6.5, Number.NaN]) {
      expect(relativeDateRange('CurrentFinancialYear', undefined, now, tz('UTC', month))).toBeUndefined();
      expect(relativeInstantRange('ThisWeek', undefined, now, tz('UTC', month))).toBeUndefined();
    }
  });
  it('an invalid Date', () => {
    expect(relativeDateRange('Today', undefined, new Date(Number.NaN), tz('UTC'))).toBeUndefined();
    expect(relativeInstantRange('LastNDaysTillNow', 1, new Date(Number.NaN), tz('UTC'))).toBeUndefined();
  });
  it('an operator that is not a relative date operator', () => {
    expect(relativeDateRange('Between' as RelativeDateOperator, 1, now, tz('UTC'))).toBeUndefined();
    expect(relativeInstantRange('Between' as RelativeDateOperator, 1, now, tz('UTC'))).toBeUndefined();
  });
});

describe('localDateOf', () => {
  const cases: readonly [instant: string, timeZone: string, date: string][] = [
    ['2025-12-31T13:30:00.000Z', SYDNEY, '2026-01-01'],
    ['2025-12-31T12:59:59.999Z', SYDNEY, '2025-12-31'],
    ['2025-12-31T13:30:00.000Z', 'UTC', '2025-12-31'],
    ['2025-07-01T02:00:00.000Z', NEW_YORK, '2025-06-30'],
    ['2025-07-01T04:00:00.000Z', NEW_YORK, '2025-07-01'],
    ['2024-02-29T23:59:59.999Z', LONDON, '2024-02-29'],
    ['2025-01-01T10:00:00.000Z', 'Pacific/Kiritimati', '2025-01-02'], // +14
    ['2025-01-01T10:59:59.000Z', 'Pacific/Pago_Pago', '2024-12-31'], // -11
    ['2024-12-31T18:15:00.000Z', 'Asia/Kathmandu', '2025-01-01'], // +05:45
    ['2024-12-31T18:14:59.999Z', 'Asia/Kathmandu', '2024-12-31'],
    ['2011-12-30T09:59:59.999Z', 'Pacific/Apia', '2011-12-29'], // Samoa skipped 2011-12-30
    ['2011-12-30T10:00:00.000Z', 'Pacific/Apia', '2011-12-31'],
  ];
  for (const [instant, timeZone, date] of cases) {
    it(`${instant} in ${timeZone} is ${date}`, () => {
      expect(localDateOf(new Date(instant), timeZone)).toBe(date);
    });
  }
  it('throws RangeError for an invalid Date or an unknown zone', () => {
    expect(() => localDateOf(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
    expect(() => localDateOf(new Date(0), 'Nowhere/Special')).toThrow(RangeError);
  });
});

describe('startOfLocalDayUtc', () => {
  const cases: readonly [date: string, timeZone: string, instant: string, note: string][] = [
    ['2025-06-15', 'UTC', '2025-06-15T00:00:00.000Z', 'UTC'],
    ['2025-10-05', SYDNEY, '2025-10-04T14:00:00.000Z', 'Sydney DST start day (AEST)'],
    ['2025-10-06', SYDNEY, '2025-10-05T13:00:00.000Z', 'day after Sydney DST start (AEDT)'],
    ['2025-04-06', SYDNEY, '2025-04-05T13:00:00.000Z', 'Sydney DST end day (AEDT)'],
    ['2025-04-07', SYDNEY, '2025-04-06T14:00:00.000Z', 'day after Sydney DST end (AEST)'],
    ['2025-03-09', NEW_YORK, '2025-03-09T05:00:00.000Z', 'New York DST start day (EST)'],
    ['2025-03-10', NEW_YORK, '2025-03-10T04:00:00.000Z', 'day after New York DST start (EDT)'],
    ['2025-11-02', NEW_YORK, '2025-11-02T04:00:00.000Z', 'New York DST end day (EDT)'],
    ['2025-11-03', NEW_YORK, '2025-11-03T05:00:00.000Z', 'day after New York DST end (EST)'],
    ['2025-03-30', LONDON, '2025-03-30T00:00:00.000Z', 'London DST start day (GMT)'],
    ['2025-03-31', LONDON, '2025-03-30T23:00:00.000Z', 'London in BST'],
    ['2025-01-01', 'Asia/Kathmandu', '2024-12-31T18:15:00.000Z', '+05:45'],
    ['2025-10-05', 'Australia/Lord_Howe', '2025-10-04T13:30:00.000Z', 'Lord Howe +10:30, half-hour DST'],
    ['2025-10-06', 'Australia/Lord_Howe', '2025-10-05T13:00:00.000Z', 'Lord Howe +11'],
    // Midnight skipped: Cuba springs forward at 00:00 CST (-5) to 01:00 CDT (-4); the day starts at 01:00.
    ['2025-03-09', 'America/Havana', '2025-03-09T05:00:00.000Z', 'Havana: midnight skipped'],
    // Midnight repeated: Cuba falls back at 01:00 CDT to 00:00 CST; the first midnight (CDT) starts the day.
    ['2025-11-02', 'America/Havana', '2025-11-02T04:00:00.000Z', 'Havana: midnight twice, first one'],
    // Chile springs forward at 24:00 on Saturday (-4) to 01:00 on Sunday (-3).
    ['2025-09-07', 'America/Santiago', '2025-09-07T04:00:00.000Z', 'Santiago: midnight skipped'],
    // Chile falls back at 24:00 (-3) to 23:00 on Saturday (-4): midnight of Sunday comes once, at -4.
    ['2025-04-06', 'America/Santiago', '2025-04-06T04:00:00.000Z', 'Santiago: after a 25-hour Saturday'],
    // Samoa skipped 2011-12-30 entirely (-10 → +14 at 2011-12-30T10:00Z): that day "starts" with the 31st.
    ['2011-12-29', 'Pacific/Apia', '2011-12-29T10:00:00.000Z', 'Apia before the skip (-10)'],
    ['2011-12-30', 'Pacific/Apia', '2011-12-30T10:00:00.000Z', 'Apia: the skipped day'],
    ['2011-12-31', 'Pacific/Apia', '2011-12-30T10:00:00.000Z', 'Apia after the skip (+14)'],
    ['2024-02-29', SYDNEY, '2024-02-28T13:00:00.000Z', 'leap day'],
    ['0001-01-01', 'UTC', '0001-01-01T00:00:00.000Z', 'year 1'],
    ['9999-12-31', 'UTC', '9999-12-31T00:00:00.000Z', 'year 9999'],
  ];
  for (const [date, timeZone, instant, note] of cases) {
    it(`${date} in ${timeZone} starts at ${instant} (${note})`, () => {
      expect(startOfLocalDayUtc(date, timeZone)).toBe(instant);
    });
  }
  it('the skipped midnight is the first instant of the day; one millisecond earlier is the day before', () => {
    expect(localDateOf(new Date('2025-03-09T05:00:00.000Z'), 'America/Havana')).toBe('2025-03-09');
    expect(localDateOf(new Date('2025-03-09T04:59:59.999Z'), 'America/Havana')).toBe('2025-03-08');
  });
  it('throws RangeError for a malformed or impossible date, or an unknown zone', () => {
    for (const bad of [
      '2025-02-29',
      '2025-13-01',
      '2025-1-1',
      '25-01-01',
      '2025-01-01T00:00',
      '',
      '2025-00-10',
    ]) {
      expect(() => startOfLocalDayUtc(bad, 'UTC')).toThrow(RangeError);
    }
    expect(() => startOfLocalDayUtc('2025-01-01', 'Nowhere/Special')).toThrow(RangeError);
  });
  it('every day of 2025 starts on that date and the instant before is the day before (property)', () => {
    const zones = [
      SYDNEY,
      NEW_YORK,
      LONDON,
      'UTC',
      'America/Havana',
      'America/Santiago',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Kiritimati',
    ];
    for (const zone of zones) {
      let date = '2025-01-01';
      const lengths = new Set<number>();
      let previousStart = Date.parse(startOfLocalDayUtc('2024-12-31', zone));
      while (date !== '2026-01-01') {
        const start = Date.parse(startOfLocalDayUtc(date, zone));
        expect(localDateOf(new Date(start), zone)).toBe(date);
        expect(localDateOf(new Date(start - 1), zone)).toBe(dateOnlyAdd(date, -1));
        lengths.add((start - previousStart) / 3_600_000);
        previousStart = start;
        date = dateOnlyAdd(date, 1);
      }
      for (const hours of lengths) expect([23, 23.5, 24, 24.5, 25]).toContain(hours);
    }
  });
});

describe('dateOnlyAdd', () => {
  const cases: readonly [date: string, days: number, result: string][] = [
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-28', 2, '2024-03-01'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2025-06-15', 0, '2025-06-15'],
    ['2025-01-01', 365, '2026-01-01'],
    ['2024-01-01', 366, '2025-01-01'],
    ['1900-02-28', 1, '1900-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['0001-01-02', -1, '0001-01-01'],
    ['9999-12-30', 1, '9999-12-31'],
  ];
  for (const [date, days, result] of cases) {
    it(`${date} + ${days} = ${result}`, () => {
      expect(dateOnlyAdd(date, days)).toBe(result);
    });
  }
  it('throws RangeError for bad input or a result outside years 1–9999', () => {
    expect(() => dateOnlyAdd('2025-02-30', 1)).toThrow(RangeError);
    expect(() => dateOnlyAdd('2025-01-01', 1.5)).toThrow(RangeError);
    expect(() => dateOnlyAdd('2025-01-01', Number.NaN)).toThrow(RangeError);
    expect(() => dateOnlyAdd('9999-12-31', 1)).toThrow(RangeError);
    expect(() => dateOnlyAdd('0001-01-01', -1)).toThrow(RangeError);
  });
});

describe('the DateTime range covers exactly the Date range (consistency)', () => {
  const clocks = [
    '2025-12-31T12:30:00.000Z',
    '2025-10-05T01:00:00.000Z',
    '2025-04-06T02:00:00.000Z',
    '2025-03-09T16:00:00.000Z',
    '2025-11-02T17:00:00.000Z',
    '2024-02-29T12:00:00.000Z',
  ];
  const ops = [...isOnlyOperators, ...inTheLastOperators, ...inTheNextOperators].filter(
    (op) => op !== 'LastNDaysTillNow' && op !== 'NextNDaysFromNow',
  );
  for (const zone of [SYDNEY, NEW_YORK, LONDON]) {
    it(`in ${zone}, each bound is the start of the local date`, () => {
      for (const clock of clocks) {
        for (const op of ops) {
          const dates = relativeDateRange(op, 13, new Date(clock), tz(zone))!;
          const instants = relativeInstantRange(op, 13, new Date(clock), tz(zone))!;
          expect(instants).toEqual({
            from: startOfLocalDayUtc(dates.from, zone),
            to: startOfLocalDayUtc(dates.to, zone),
          });
        }
      }
    });
  }
});
