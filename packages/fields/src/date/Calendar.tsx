import { type CalendarDate, getLocalTimeZone, isSameDay, startOfMonth, today } from '@internationalized/date';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  type Bounds,
  type CalendarView,
  canStep,
  dayGrid,
  monthGrid,
  stepPage,
  yearGrid,
  yearPageStart,
} from './calendarModel';

export interface CalendarProps extends Bounds {
  value: CalendarDate | null;
  onValueChange: (date: CalendarDate) => void;
  locale: string;
  /** The month shown first when there is no value (defaults to today). */
  defaultVisible?: CalendarDate;
  /** Hooks for tests: today's date. */
  today?: CalendarDate;
}

/**
 * The date picker's calendar (spec 02 §4): day view with a 42-cell grid, month view and a 12-year
 * view; the header's middle goes day → month → year, picking a year goes to months and a month to
 * days; min and max disable cells and the previous/next buttons; years 1–9999.
 */
export function Calendar({
  value,
  onValueChange,
  locale,
  min,
  max,
  defaultVisible,
  today: todayProp,
}: CalendarProps) {
  const now = todayProp ?? today(getLocalTimeZone());
  const [view, setView] = useState<CalendarView>('day');
  const [visible, setVisible] = useState<CalendarDate>(() =>
    startOfMonth(value ?? defaultVisible ?? clampDate(now, min ?? null, max ?? null)),
  );
  const bounds: Bounds = { min: min ?? null, max: max ?? null };
  // Roving focus in the day grid: one day is tabbable, arrow keys move it (react-aria's pattern).
  const [focused, setFocused] = useState<CalendarDate>(() =>
    clampDate(value ?? now, min ?? null, max ?? null),
  );
  const [shouldFocus, setShouldFocus] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!shouldFocus) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused.toString()}"]`)?.focus();
    setShouldFocus(false);
  }, [shouldFocus, focused]);
  const moveFocus = (event: KeyboardEvent) => {
    const steps: Record<string, { days?: number; months?: number }> = {
      ArrowLeft: { days: -1 },
      ArrowRight: { days: 1 },
      ArrowUp: { days: -7 },
      ArrowDown: { days: 7 },
      PageUp: { months: -1 },
      PageDown: { months: 1 },
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const next = clampDate(focused.add(step), min ?? null, max ?? null);
    if (next.year < 1 || next.year > 9999) return;
    setFocused(next);
    if (next.month !== visible.month || next.year !== visible.year) setVisible(startOfMonth(next));
    setShouldFocus(true);
  };
  const tabbableDate =
    focused.month === visible.month && focused.year === visible.year
      ? focused
      : clampDate(startOfMonth(visible), min ?? null, max ?? null);
  const monthName = (date: CalendarDate, style: 'long' | 'short') =>
    new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, date.month - 1, 1)),
    );
  const fullDate = (date: CalendarDate) => `${date.day} ${monthName(date, 'long')} ${date.year}`;
  const title =
    view === 'day'
      ? `${monthName(visible, 'long')} ${visible.year}`
      : view === 'month'
        ? String(visible.year)
        : `${yearPageStart(visible.year)} – ${yearPageStart(visible.year) + 11}`;
  const step = (direction: 1 | -1) => setVisible(stepPage(visible, view, direction));
  const weekdays = dayGrid(visible, locale)
    .slice(0, 7)
    .map((cell) =>
      new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
        new Date(Date.UTC(cell.date.year < 1000 ? 2000 : cell.date.year, cell.date.month - 1, cell.date.day)),
      ),
    );
  return (
    <div className="pl-calendar" data-view={view}>
      <div className="pl-calendar__header">
        <button
          type="button"
          className="pl-calendar__nav"
          aria-label="Previous"
          disabled={!canStep(visible, view, -1, bounds)}
          onClick={() => step(-1)}
        >
          ‹
        </button>
        <button
          type="button"
          className="pl-calendar__title"
          aria-live="polite"
          disabled={view === 'year'}
          onClick={() => setView(view === 'day' ? 'month' : 'year')}
        >
          {title}
        </button>
        <button
          type="button"
          className="pl-calendar__nav"
          aria-label="Next"
          disabled={!canStep(visible, view, 1, bounds)}
          onClick={() => step(1)}
        >
          ›
        </button>
      </div>
      {view === 'day' && (
        <table className="pl-calendar__grid" aria-label={title} ref={gridRef}>
          <thead>
            <tr>
              {weekdays.map((day) => (
                <th key={day} scope="col">
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: 6 }, (_, week) => (
              <tr key={`week-${dayGrid(visible, locale, bounds)[week * 7]!.date.toString()}`}>
                {dayGrid(visible, locale, bounds)
                  .slice(week * 7, week * 7 + 7)
                  .map((cell) => (
                    <td key={cell.date.toString()}>
                      <button
                        type="button"
                        className={[
                          'pl-calendar__cell',
                          cell.isOutsideMonth ? 'pl-calendar__cell--outside' : '',
                          value && isSameDay(cell.date, value) ? 'pl-calendar__cell--selected' : '',
                          isSameDay(cell.date, now) ? 'pl-calendar__cell--today' : '',
                        ].join(' ')}
                        aria-label={fullDate(cell.date)}
                        data-date={cell.date.toString()}
                        tabIndex={isSameDay(cell.date, tabbableDate) ? 0 : -1}
                        onKeyDown={moveFocus}
                        aria-pressed={!!value && isSameDay(cell.date, value)}
                        disabled={cell.isDisabled}
                        onClick={() => {
                          setFocused(cell.date);
                          onValueChange(cell.date);
                        }}
                      >
                        {cell.date.day}
                      </button>
                    </td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view === 'month' && (
        <fieldset className="pl-calendar__picks" aria-label={`Months of ${visible.year}`}>
          {monthGrid(visible.year, bounds).map((month) => (
            <button
              type="button"
              key={month.date.month}
              className="pl-calendar__pick"
              aria-label={`${monthName(month.date, 'long')} ${visible.year}`}
              disabled={month.isDisabled}
              onClick={() => {
                setVisible(month.date);
                setView('day');
              }}
            >
              {monthName(month.date, 'short')}
            </button>
          ))}
        </fieldset>
      )}
      {view === 'year' && (
        <fieldset className="pl-calendar__picks" aria-label="Years">
          {yearGrid(visible.year, bounds).map((year) => (
            <button
              type="button"
              key={year.year}
              className="pl-calendar__pick"
              disabled={year.isDisabled}
              onClick={() => {
                setVisible(visible.set({ year: year.year, month: 1, day: 1 }));
                setView('month');
              }}
            >
              {year.year}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function clampDate(date: CalendarDate, min: CalendarDate | null, max: CalendarDate | null): CalendarDate {
  if (min && date.compare(min) < 0) return min;
  if (max && date.compare(max) > 0) return max;
  return date;
}
