import { CalendarDate, CalendarDateTime, Time } from '@internationalized/date';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Calendar } from './Calendar';
import { DateInput } from './DateInput';

function segments(name: string) {
  return within(screen.getAllByRole('group', { name })[0]!).getAllByRole('spinbutton');
}

describe('DateInput', () => {
  it('lays out dd/MM/yyyy for en-AU and MM/dd/yyyy for en-US', () => {
    const { unmount } = render(
      <DateInput kind="date" label="Due" locale="en-AU" defaultValue={new CalendarDate(2026, 3, 5)} />,
    );
    expect(segments('Due').map((s) => s.textContent)).toEqual(['05', '03', '2026']);
    unmount();
    render(<DateInput kind="date" label="Due" locale="en-US" defaultValue={new CalendarDate(2026, 3, 5)} />);
    expect(segments('Due').map((s) => s.textContent)).toEqual(['03', '05', '2026']);
  });

  it('types a date by segments', async () => {
    const onValueChange = vi.fn();
    render(<DateInput kind="date" label="Due" locale="en-AU" onValueChange={onValueChange} />);
    await userEvent.click(segments('Due')[0]!);
    await userEvent.keyboard('25122026');
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(2026, 12, 25));
  });

  it('wraps day 31 to 1, month 12 to 1 and minute 59 to 0 with the arrow keys', async () => {
    render(
      <DateInput
        kind="dateTime"
        label="At"
        locale="en-AU"
        defaultValue={new CalendarDateTime(2026, 12, 31, 10, 59)}
      />,
    );
    const [day, month, , hour, minute] = segments('At');
    await userEvent.click(day!);
    await userEvent.keyboard('{ArrowUp}');
    expect(day).toHaveTextContent('01');
    await userEvent.click(month!);
    await userEvent.keyboard('{ArrowUp}');
    expect(month).toHaveTextContent('01');
    await userEvent.click(minute!);
    await userEvent.keyboard('{ArrowUp}');
    expect(minute).toHaveTextContent('00');
    await userEvent.click(hour!);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(hour).toHaveTextContent('12');
  });

  it('toggles am/pm with a and p, hours 1-12, as hh:mm a', async () => {
    const onValueChange = vi.fn();
    render(
      <DateInput kind="time" label="Starts" defaultValue={new Time(9, 5)} onValueChange={onValueChange} />,
    );
    const [hour, minute, period] = segments('Starts');
    expect(hour).toHaveTextContent('09');
    expect(minute).toHaveTextContent('05');
    expect(period).toHaveTextContent(/^am$/i);
    await userEvent.click(period!);
    await userEvent.keyboard('p');
    expect(onValueChange).toHaveBeenLastCalledWith(new Time(21, 5));
    await userEvent.keyboard('a');
    expect(onValueChange).toHaveBeenLastCalledWith(new Time(9, 5));
  });

  it("says 'Invalid date.' when the typed date is incomplete", async () => {
    render(<DateInput kind="date" label="Due" locale="en-AU" />);
    await userEvent.click(segments('Due')[0]!);
    await userEvent.keyboard('12');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByText('Invalid date.')).toBeInTheDocument();
  });

  it("says 'Invalid time.' and 'Invalid date time.' for incomplete times", async () => {
    const onInvalid = vi.fn();
    const { unmount } = render(<DateInput kind="time" label="Starts" onInvalid={onInvalid} />);
    await userEvent.click(segments('Starts')[0]!);
    await userEvent.keyboard('3');
    await userEvent.click(document.body);
    expect(screen.getByText('Invalid time.')).toBeInTheDocument();
    expect(onInvalid).toHaveBeenCalledWith('Invalid time.');
    unmount();
    render(<DateInput kind="dateTime" label="At" locale="en-AU" />);
    await userEvent.click(segments('At')[0]!);
    await userEvent.keyboard('3');
    await userEvent.click(document.body);
    expect(screen.getByText('Invalid date time.')).toBeInTheDocument();
  });

  it('picks a date from the calendar, with 9:00 for a new date-time', async () => {
    const onValueChange = vi.fn();
    render(
      <DateInput
        kind="dateTime"
        label="At"
        locale="en-AU"
        min={new CalendarDate(2026, 3, 1)}
        max={new CalendarDate(2026, 3, 31)}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    await userEvent.click(await screen.findByRole('button', { name: '14 March 2026' }));
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDateTime(2026, 3, 14, 9, 0));
  });
});

describe('DateInput calendar button', () => {
  it("is named 'Open calendar' and shows that as its tooltip on keyboard focus", async () => {
    render(<DateInput kind="date" label="Due" locale="en-AU" />);
    const button = screen.getByRole('button', { name: 'Open calendar' });
    for (let i = 0; i < 10 && document.activeElement !== button; i++) await userEvent.tab();
    expect(button).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Open calendar'),
    );
  });
});

describe('Calendar', () => {
  const today = new CalendarDate(2026, 3, 10);

  it('goes day → month → year by the header, year → month → day by picking', async () => {
    const onValueChange = vi.fn();
    render(<Calendar locale="en-AU" value={null} today={today} onValueChange={onValueChange} />);
    expect(within(screen.getByRole('table')).getAllByRole('button')).toHaveLength(42);
    await userEvent.click(screen.getByRole('button', { name: 'March 2026' }));
    await userEvent.click(screen.getByRole('button', { name: '2026' }));
    const years = within(screen.getByRole('group', { name: 'Years' })).getAllByRole('button');
    expect(years).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: '2027' }));
    await userEvent.click(screen.getByRole('button', { name: 'July 2027' }));
    await userEvent.click(screen.getByRole('button', { name: '4 July 2027' }));
    expect(onValueChange).toHaveBeenCalledWith(new CalendarDate(2027, 7, 4));
  });

  it('disables cells and navigation outside min and max', async () => {
    render(
      <Calendar
        locale="en-AU"
        value={null}
        today={today}
        min={new CalendarDate(2026, 3, 5)}
        max={new CalendarDate(2026, 4, 10)}
        onValueChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '4 March 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '5 March 2026' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '11 April 2026' })).toBeDisabled();
  });

  it('stops at year 9999', async () => {
    render(<Calendar locale="en-AU" value={new CalendarDate(9999, 12, 1)} onValueChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'December 9999' }));
    await userEvent.click(screen.getByRole('button', { name: '9999' }));
    expect(screen.getByRole('button', { name: '9999' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '10000' })).toBeDisabled();
  });
});

describe('Calendar keyboard', () => {
  it('moves between days with the arrow keys and picks with Enter, crossing months', async () => {
    const onValueChange = vi.fn();
    render(
      <Calendar
        locale="en-AU"
        value={new CalendarDate(2026, 3, 30)}
        max={new CalendarDate(2026, 4, 2)}
        onValueChange={onValueChange}
      />,
    );
    const day = screen.getByRole('button', { name: '30 March 2026' });
    expect(day).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: '29 March 2026' })).toHaveAttribute('tabindex', '-1');
    day.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: '1 April 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    // Clamped to the maximum, 2 April.
    expect(screen.getByRole('button', { name: '2 April 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(2026, 3, 26));
  });
});

describe('time steppers', () => {
  it('step a minute and repeat every 150 ms while held', async () => {
    vi.useFakeTimers();
    try {
      const onValueChange = vi.fn();
      render(
        <DateInput kind="time" label="Starts" defaultValue={new Time(9, 58)} onValueChange={onValueChange} />,
      );
      const later = screen.getByRole('button', { name: 'Later' });
      fireEvent.pointerDown(later);
      expect(onValueChange).toHaveBeenLastCalledWith(new Time(9, 59));
      act(() => {
        vi.advanceTimersByTime(150);
      });
      expect(onValueChange).toHaveBeenLastCalledWith(new Time(10, 0));
      act(() => {
        vi.advanceTimersByTime(300);
      });
      expect(onValueChange).toHaveBeenLastCalledWith(new Time(10, 2));
      fireEvent.pointerUp(later);
      act(() => {
        vi.advanceTimersByTime(600);
      });
      expect(onValueChange).toHaveBeenCalledTimes(4);
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Earlier' }));
      expect(onValueChange).toHaveBeenLastCalledWith(new Time(10, 1));
      fireEvent.pointerUp(screen.getByRole('button', { name: 'Earlier' }));
    } finally {
      vi.useRealTimers();
    }
  });
});
