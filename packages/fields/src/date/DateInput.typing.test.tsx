import { CalendarDate, CalendarDateTime, Time } from '@internationalized/date';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from './DateInput';
import { daysInMonth } from './dateSegments';

function group(name: string) {
  return screen.getAllByRole('group', { name })[0]!;
}
function segmentTexts(name: string) {
  return within(group(name))
    .getAllByRole('spinbutton')
    .map((s) => s.textContent);
}

/** One locale of each date order, and how a date's segments are laid out in it. */
const locales = [
  { locale: 'en-AU', order: 'dmy' },
  { locale: 'en-US', order: 'mdy' },
  { locale: 'ja-JP', order: 'ymd' },
] as const;

function inOrder(order: string, d: { day: string; month: string; year: string }): string[] {
  return [...order].map((c) => (c === 'd' ? d.day : c === 'm' ? d.month : d.year));
}

async function typeInto(name: string, keys: string) {
  const user = userEvent.setup();
  await user.click(within(group(name)).getAllByRole('spinbutton')[0]!);
  await user.keyboard(keys);
  return user;
}

function Field({ locale, onValueChange }: { locale: string; onValueChange: (v: unknown) => void }) {
  return (
    <>
      <DateInput kind="date" label="Due" locale={locale} onValueChange={onValueChange} />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe.each(locales)('typing a date in $locale ($order)', ({ locale, order }) => {
  const keysOf = (day: string, month: string, year: string, sep = '') =>
    inOrder(order, { day, month, year }).join(sep);

  it.each([
    ['29', '02', '2028', new CalendarDate(2028, 2, 29)],
    ['31', '03', '2027', new CalendarDate(2027, 3, 31)],
    ['01', '12', '0800', new CalendarDate(800, 12, 1)],
  ])('types %s/%s/%s digit by digit', async (day, month, year, expected) => {
    const onValueChange = vi.fn();
    render(<Field locale={locale} onValueChange={onValueChange} />);
    const user = await typeInto('Due', keysOf(day, month, year));
    expect(segmentTexts('Due')).toEqual(inOrder(order, { day, month, year }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onValueChange).toHaveBeenLastCalledWith(expected);
    expect(screen.queryByText('Invalid date.')).toBeNull();
    expect(segmentTexts('Due')).toEqual(inOrder(order, { day, month, year }));
  });

  it('types 2 March 2027 with separators and no leading zeros', async () => {
    const onValueChange = vi.fn();
    render(<Field locale={locale} onValueChange={onValueChange} />);
    await typeInto('Due', keysOf('2', '3', '2027', '/'));
    expect(segmentTexts('Due')).toEqual(inOrder(order, { day: '02', month: '03', year: '2027' }));
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(2027, 3, 2));
  });

  it('keeps 31 then 02 as typed with the message, until the month is corrected', async () => {
    const onValueChange = vi.fn();
    const onInvalid = vi.fn();
    render(
      <DateInput
        kind="date"
        label="Due"
        locale={locale}
        onValueChange={onValueChange}
        onInvalid={onInvalid}
      />,
    );
    const user = await typeInto('Due', keysOf('31', '02', '2027'));
    expect(segmentTexts('Due')).toEqual(inOrder(order, { day: '31', month: '02', year: '2027' }));
    expect(screen.getByText('Invalid date.')).toBeInTheDocument();
    expect(onInvalid).toHaveBeenCalledWith('Invalid date.');
    expect(onValueChange).not.toHaveBeenCalledWith(new CalendarDate(2027, 2, 28));
    // Leaving the field keeps the text: nothing is clamped.
    await user.click(document.body);
    expect(segmentTexts('Due')).toEqual(inOrder(order, { day: '31', month: '02', year: '2027' }));
    expect(screen.getByText('Invalid date.')).toBeInTheDocument();
    // Correcting the month clears the message and gives the date.
    const month = within(group('Due')).getByRole('spinbutton', { name: /^month/ });
    await user.click(month);
    await user.keyboard('03');
    expect(screen.queryByText('Invalid date.')).toBeNull();
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(2027, 3, 31));
  });
});

/** A parent that holds the value, as the grid and the filters do. */
function Controlled({ onValueChange }: { onValueChange: (v: CalendarDate | null) => void }) {
  const [value, setValue] = useState<CalendarDate | null>(new CalendarDate(2027, 3, 15));
  return (
    <DateInput
      kind="date"
      label="Due"
      locale="en-AU"
      value={value}
      onValueChange={(v) => {
        onValueChange(v);
        setValue(v);
      }}
    />
  );
}

describe('typing into a field that has a value', () => {
  it('replaces a segment when it is entered, and a controlled parent keeps the typed date', async () => {
    const seen: unknown[] = [];
    render(<Controlled onValueChange={(v) => seen.push(v)} />);
    const user = await typeInto('Due', '29022028');
    expect(segmentTexts('Due')).toEqual(['29', '02', '2028']);
    expect(seen.at(-1)).toEqual(new CalendarDate(2028, 2, 29));
    await user.click(document.body);
    expect(segmentTexts('Due')).toEqual(['29', '02', '2028']);
  });

  it('says a complete impossible date is invalid at once, and the arrow keys correct it', async () => {
    const onValueChange = vi.fn();
    render(
      <DateInput
        kind="date"
        label="Due"
        locale="en-AU"
        defaultValue={new CalendarDate(2027, 1, 31)}
        onValueChange={onValueChange}
      />,
    );
    const user = userEvent.setup();
    await user.click(within(group('Due')).getByRole('spinbutton', { name: /^month/ }));
    await user.keyboard('2');
    expect(segmentTexts('Due')).toEqual(['31', '02', '2027']);
    expect(screen.getByText('Invalid date.')).toBeInTheDocument();
    await user.click(within(group('Due')).getByRole('spinbutton', { name: /^month/ }));
    await user.keyboard('{ArrowUp}');
    expect(screen.queryByText('Invalid date.')).toBeNull();
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(2027, 3, 31));
  });

  it('tells the parent when the text is its value again after being invalid', async () => {
    const onValueChange = vi.fn();
    const onInvalid = vi.fn();
    render(
      <DateInput
        kind="date"
        label="Due"
        locale="en-AU"
        defaultValue={new CalendarDate(2027, 1, 31)}
        onValueChange={onValueChange}
        onInvalid={onInvalid}
      />,
    );
    const user = userEvent.setup();
    const month = within(group('Due')).getByRole('spinbutton', { name: /^month/ });
    await user.click(month);
    await user.keyboard('2');
    expect(onInvalid).toHaveBeenCalledWith('Invalid date.');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.click(month);
    await user.keyboard('1');
    await user.click(document.body);
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(2027, 1, 31));
    expect(screen.queryByText('Invalid date.')).toBeNull();
  });

  it('goes back a segment with Backspace on an empty one', async () => {
    const user = userEvent.setup();
    render(<DateInput kind="date" label="Other" locale="en-AU" />);
    await user.click(within(group('Other')).getAllByRole('spinbutton')[0]!);
    await user.keyboard('12/{Backspace}{Backspace}5');
    expect(segmentTexts('Other')).toEqual(['15', 'mm', 'yyyy']);
  });
});

describe('typing a date-time and a time', () => {
  it('types 29/02/2028 9:30 pm with separators', async () => {
    const onValueChange = vi.fn();
    render(<DateInput kind="dateTime" label="At" locale="en-AU" onValueChange={onValueChange} />);
    await typeInto('At', '29/2/2028 9:30p');
    expect(segmentTexts('At')).toEqual(['29', '02', '2028', '09', '30', 'PM']);
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDateTime(2028, 2, 29, 21, 30));
  });

  it("keeps 31/04/2027 10:00 am as typed with 'Invalid date time.'", async () => {
    render(<DateInput kind="dateTime" label="At" locale="en-US" />);
    const user = await typeInto('At', '04312027 1000a');
    await user.click(document.body);
    expect(segmentTexts('At')).toEqual(['04', '31', '2027', '10', '00', 'AM']);
    expect(screen.getByText('Invalid date time.')).toBeInTheDocument();
  });

  it('types 7:5 pm', async () => {
    const onValueChange = vi.fn();
    render(<DateInput kind="time" label="Starts" onValueChange={onValueChange} />);
    await typeInto('Starts', '7:5p');
    expect(onValueChange).toHaveBeenLastCalledWith(new Time(19, 5));
  });
});

describe('typing any date (property)', () => {
  it('gives the date typed, in every order, or keeps an impossible one with the message', async () => {
    const user = userEvent.setup();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom(...locales),
        fc.boolean(),
        async (year, month, day, { locale, order }, withSeparators) => {
          const onValueChange = vi.fn();
          const { unmount } = render(
            <DateInput kind="date" label="Due" locale={locale} onValueChange={onValueChange} />,
          );
          try {
            const parts = {
              day: String(day).padStart(2, '0'),
              month: String(month).padStart(2, '0'),
              year: String(year).padStart(4, '0'),
            };
            await user.click(within(group('Due')).getAllByRole('spinbutton')[0]!);
            await user.keyboard(inOrder(order, parts).join(withSeparators ? '/' : ''));
            expect(segmentTexts('Due')).toEqual(inOrder(order, parts));
            if (day <= daysInMonth(year, month)) {
              expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(year, month, day));
              expect(screen.queryByText('Invalid date.')).toBeNull();
            } else {
              expect(screen.getByText('Invalid date.')).toBeInTheDocument();
              // Nothing clamped to the month's last day is ever given.
              const clamped = new CalendarDate(year, month, daysInMonth(year, month));
              for (const [v] of onValueChange.mock.calls) expect(v).not.toEqual(clamped);
            }
          } finally {
            unmount();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});

describe('touch keyboards', () => {
  it('types the text of beforeinput events, as touch keyboards send it', async () => {
    const onValueChange = vi.fn();
    render(<DateInput kind="date" label="Due" locale="en-AU" onValueChange={onValueChange} />);
    const user = userEvent.setup();
    await user.click(within(group('Due')).getAllByRole('spinbutton')[0]!);
    for (const data of ['2', '9', '/', '2', '/', '2028']) {
      const target = document.activeElement as HTMLElement;
      const event = new InputEvent('beforeinput', {
        data,
        inputType: 'insertText',
        bubbles: true,
        cancelable: true,
      });
      target.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      await screen.findAllByRole('group', { name: 'Due' });
    }
    expect(segmentTexts('Due')).toEqual(['29', '02', '2028']);
    expect(onValueChange).toHaveBeenLastCalledWith(new CalendarDate(2028, 2, 29));
  });
});
