import {
  CalendarDate,
  CalendarDateTime,
  type DateValue,
  type Time,
  toCalendarDate,
} from '@internationalized/date';
import { CalendarIcon } from '@plinth/ui';
import { useRef, useState } from 'react';
import {
  Button as AriaButton,
  DateInput as AriaDateInput,
  DateField,
  DateSegment,
  Dialog,
  DialogTrigger,
  Group,
  I18nProvider,
  Popover,
  TimeField,
} from 'react-aria-components';
import { useFieldSettings } from '../settings/FieldSettings';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';
import { Calendar } from './Calendar';
import {
  defaultCalendarTime,
  invalidDateMessages,
  isWithinBounds,
  maxYear,
  minYear,
  segmentLocaleFor,
} from './dateFormats';
import { useRepeatWhileHeld } from './useRepeatWhileHeld';

export type DateInputKind = 'date' | 'time' | 'dateTime';
type ValueOf<K extends DateInputKind> = K extends 'time'
  ? Time
  : K extends 'date'
    ? CalendarDate
    : CalendarDateTime;

export interface DateInputProps<K extends DateInputKind> extends FieldBaseProps {
  kind: K;
  value?: ValueOf<K> | null;
  defaultValue?: ValueOf<K> | null;
  onValueChange?: (value: ValueOf<K> | null) => void;
  /** Raised when the typed text is not a valid value (spec 02 §5 invalid-date event). */
  onInvalid?: (message: string) => void;
  min?: CalendarDate | null;
  max?: CalendarDate | null;
  /** Overrides the tenant locale (tests, gallery). */
  locale?: string;
}

/** Whether some but not all editable segments are filled: the typed text is incomplete. */
function isPartlyFilled(group: HTMLElement | null): boolean {
  if (!group) return false;
  const segments = [...group.querySelectorAll<HTMLElement>('[data-type]')].filter(
    (s) => s.dataset.type !== 'literal' && s.getAttribute('aria-hidden') !== 'true',
  );
  const placeholders = segments.filter((s) => s.hasAttribute('data-placeholder'));
  return placeholders.length > 0 && placeholders.length < segments.length;
}

/**
 * Date, time or date-time input: typing by segments (day 1–31, month 1–12, hour 1–12, minute
 * 0–59 wrap with the arrow keys; 4-digit years; a/p set am/pm), or a calendar for dates. Invalid
 * text shows 'Invalid date.', 'Invalid time.' or 'Invalid date time.'.
 */
export function DateInput<K extends DateInputKind>({
  kind,
  value,
  defaultValue = null,
  onValueChange,
  onInvalid,
  min,
  max,
  locale: localeProp,
  isReadOnly = false,
  isDisabled = false,
  isMandatory = false,
  isError = false,
  errorText,
  ...wrapper
}: DateInputProps<K>) {
  const settings = useFieldSettings();
  const locale = segmentLocaleFor(localeProp ?? settings.locale);
  const [inner, setInner] = useState<ValueOf<K> | null>(defaultValue);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [isCalendarOpen, setCalendarOpen] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const current = value === undefined ? inner : value;
  const message =
    kind === 'date'
      ? invalidDateMessages.date
      : kind === 'time'
        ? invalidDateMessages.time
        : invalidDateMessages.dateTime;

  // The latest value, for steppers that fire several times between renders.
  const currentRef = useRef(current);
  currentRef.current = current;
  const change = (next: ValueOf<K> | null) => {
    currentRef.current = next;
    if (value === undefined) setInner(next);
    if (next !== null && kind !== 'time' && !isWithinBounds(next as DateValue, min, max)) {
      setInvalid(message);
      onInvalid?.(message);
      return;
    }
    setInvalid(null);
    onValueChange?.(next);
  };
  const checkOnBlur = () => {
    if (isPartlyFilled(groupRef.current)) {
      setInvalid(message);
      onInvalid?.(message);
    }
  };
  // Time steppers: a minute up or down (wrapping through the day), repeating while held.
  const stepMinutes = (minutes: number) => {
    if (kind !== 'time' || isReadOnly || isDisabled) return;
    const time = (currentRef.current as Time | null) ?? defaultCalendarTime;
    change(time.add({ minutes }) as ValueOf<K>);
  };
  const stepUp = useRepeatWhileHeld(() => stepMinutes(1));
  const stepDown = useRepeatWhileHeld(() => stepMinutes(-1));
  const shownError = invalid ?? errorText;
  const showError = isError || !!shownError;
  const common = {
    isReadOnly,
    isDisabled,
    isRequired: isMandatory,
    isInvalid: showError,
    validationBehavior: 'aria' as const,
    onBlur: checkOnBlur,
    className: 'pl-date-field',
  };
  const segments = (
    <div className="pl-input-group">
      <Group ref={groupRef} className="pl-input-group pl-date-group">
        <AriaDateInput className="pl-input pl-date-input">
          {(segment) => <DateSegment segment={segment} className="pl-date-segment" />}
        </AriaDateInput>
        {kind !== 'time' && !isReadOnly && (
          <DialogTrigger isOpen={isCalendarOpen} onOpenChange={setCalendarOpen}>
            <AriaButton className="pl-calendar-button" aria-label="Open calendar" isDisabled={isDisabled}>
              <CalendarIcon />
            </AriaButton>
            <Popover className="pl-popover" placement="bottom end">
              <Dialog aria-label="Calendar" className="pl-popover__dialog">
                <Calendar
                  locale={locale}
                  value={current ? toCalendarDate(current as CalendarDate) : null}
                  min={min ?? null}
                  max={max ?? null}
                  onValueChange={(date) => {
                    if (kind === 'date') change(date as ValueOf<K>);
                    else {
                      const time = (current as CalendarDateTime | null) ?? defaultCalendarTime;
                      change(
                        new CalendarDateTime(
                          date.year,
                          date.month,
                          date.day,
                          time.hour,
                          time.minute,
                        ) as ValueOf<K>,
                      );
                    }
                    setCalendarOpen(false);
                  }}
                />
              </Dialog>
            </Popover>
          </DialogTrigger>
        )}
      </Group>
      {kind === 'time' && !isReadOnly && (
        <span className="pl-stepper">
          <button
            type="button"
            className="pl-stepper__button"
            aria-label="Later"
            tabIndex={-1}
            disabled={isDisabled}
            {...stepUp}
          >
            ▲
          </button>
          <button
            type="button"
            className="pl-stepper__button"
            aria-label="Earlier"
            tabIndex={-1}
            disabled={isDisabled}
            {...stepDown}
          >
            ▼
          </button>
        </span>
      )}
    </div>
  );
  const field = (
    <FieldWrapper {...wrapper} isMandatory={isMandatory} isError={showError} errorText={shownError}>
      {segments}
    </FieldWrapper>
  );
  return (
    <I18nProvider locale={locale}>
      {kind === 'time' ? (
        <TimeField
          {...common}
          hourCycle={12}
          shouldForceLeadingZeros
          value={(current as Time | null) ?? null}
          onChange={(next) => change(next as ValueOf<K> | null)}
        >
          {field}
        </TimeField>
      ) : (
        <DateField
          {...common}
          granularity={kind === 'date' ? 'day' : 'minute'}
          hourCycle={12}
          shouldForceLeadingZeros
          minValue={min ?? new CalendarDate(minYear, 1, 1)}
          maxValue={max ?? new CalendarDate(maxYear, 12, 31)}
          value={(current as DateValue | null) ?? null}
          onChange={(next) => change(next as ValueOf<K> | null)}
        >
          {field}
        </DateField>
      )}
    </I18nProvider>
  );
}
