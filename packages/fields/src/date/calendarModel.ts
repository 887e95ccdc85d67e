import { CalendarDate, endOfMonth, getDayOfWeek, startOfMonth } from '@internationalized/date';
import { maxYear, minYear } from './dateFormats';

/** The calendar's views (spec 02 §4): the middle of the header goes day → month → year. */
export type CalendarView = 'day' | 'month' | 'year';
/** Cells of the day grid (six weeks) and of the year grid (spec 02 §9). */
export const dayGridCells = 42;
export const yearGridCells = 12;

export interface Bounds {
  min?: CalendarDate | null;
  max?: CalendarDate | null;
}

export interface DayCell {
  date: CalendarDate;
  isOutsideMonth: boolean;
  isDisabled: boolean;
}

function isOutside(date: CalendarDate, { min, max }: Bounds): boolean {
  return (
    date.year < minYear ||
    date.year > maxYear ||
    (!!min && date.compare(min) < 0) ||
    (!!max && date.compare(max) > 0)
  );
}

/** The 42 days shown for a month, starting on the locale's first day of the week. */
export function dayGrid(month: CalendarDate, locale: string, bounds: Bounds = {}): DayCell[] {
  const first = startOfMonth(month);
  const offset = getDayOfWeek(first, locale);
  const cells: DayCell[] = [];
  for (let i = 0; i < dayGridCells; i++) {
    const date = first.add({ days: i - offset });
    cells.push({ date, isOutsideMonth: date.month !== first.month, isDisabled: isOutside(date, bounds) });
  }
  return cells;
}

/** The 12 months of a year, each disabled when none of its days is allowed. */
export function monthGrid(year: number, bounds: Bounds = {}): { date: CalendarDate; isDisabled: boolean }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const date = new CalendarDate(year, i + 1, 1);
    const isDisabled = isOutside(endOfMonth(date), bounds) && isOutside(date, bounds) && !spans(date, bounds);
    return { date, isDisabled };
  });
}

/** Whether the bounds lie inside the month (so some day of it is allowed). */
function spans(month: CalendarDate, { min, max }: Bounds): boolean {
  const last = endOfMonth(month);
  return (
    (!!min && min.compare(month) >= 0 && min.compare(last) <= 0) ||
    (!!max && max.compare(month) >= 0 && max.compare(last) <= 0)
  );
}

/** The first year of the 12-year page holding a year (pages 1–12, 13–24, …). */
export function yearPageStart(year: number): number {
  return Math.floor((year - 1) / yearGridCells) * yearGridCells + 1;
}

/** The 12 years of the page holding a year; years outside 1–9999 or the bounds are disabled. */
export function yearGrid(year: number, bounds: Bounds = {}): { year: number; isDisabled: boolean }[] {
  const start = yearPageStart(year);
  return Array.from({ length: yearGridCells }, (_, i) => {
    const y = start + i;
    const isDisabled =
      y < minYear ||
      y > maxYear ||
      (!!bounds.min && y < bounds.min.year) ||
      (!!bounds.max && y > bounds.max.year);
    return { year: y, isDisabled };
  });
}

/** The first day of the page shown after moving one step back or forward in a view. */
export function stepPage(visible: CalendarDate, view: CalendarView, direction: 1 | -1): CalendarDate {
  const first = startOfMonth(visible);
  if (view === 'day') return first.add({ months: direction });
  if (view === 'month') return first.add({ years: direction });
  return first.add({ years: direction * yearGridCells });
}

/** Whether the previous/next button is enabled: the next page must hold an allowed date. */
export function canStep(
  visible: CalendarDate,
  view: CalendarView,
  direction: 1 | -1,
  bounds: Bounds = {},
): boolean {
  let pageStart: CalendarDate;
  let pageEnd: CalendarDate;
  if (view === 'day') {
    // Month arithmetic by hand: @internationalized/date would step from year 1 into the BC era.
    const index = visible.year * 12 + (visible.month - 1) + direction;
    const year = Math.floor(index / 12);
    if (year < minYear || year > maxYear) return false;
    const month = new CalendarDate(year, (index % 12) + 1, 1);
    pageStart = month;
    pageEnd = endOfMonth(month);
  } else if (view === 'month') {
    const year = visible.year + direction;
    if (year < minYear || year > maxYear) return false;
    pageStart = new CalendarDate(year, 1, 1);
    pageEnd = new CalendarDate(year, 12, 31);
  } else {
    const start = yearPageStart(visible.year) + direction * yearGridCells;
    const end = start + yearGridCells - 1;
    if (end < minYear || start > maxYear) return false;
    pageStart = new CalendarDate(Math.max(minYear, start), 1, 1);
    pageEnd = new CalendarDate(Math.min(maxYear, end), 12, 31);
  }
  if (pageEnd.year < minYear || pageStart.year > maxYear) return false;
  if (bounds.min && pageEnd.compare(bounds.min) < 0) return false;
  if (bounds.max && pageStart.compare(bounds.max) > 0) return false;
  return true;
}
