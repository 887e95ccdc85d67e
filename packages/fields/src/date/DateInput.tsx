import {
  type CalendarDate,
  CalendarDateTime,
  type DateValue,
  getLocalTimeZone,
  now,
  type Time,
  toCalendarDate,
  toCalendarDateTime,
} from '@internationalized/date';
import { CalendarIcon, Tooltip } from '@plinth/ui';
import { type FocusEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  LabelContext,
  Popover,
  Provider,
  TextContext,
} from 'react-aria-components';
import { useFieldSettings } from '../settings/FieldSettings';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';
import { Calendar } from './Calendar';
import { DateSegmentView, type SegmentAction } from './DateSegmentView';
import {
  dateOrderFor,
  defaultCalendarTime,
  invalidDateMessages,
  isWithinBounds,
  segmentLocaleFor,
} from './dateFormats';
import {
  backspace,
  clearSegment,
  focusSegment,
  fromValue,
  isFilled,
  literalBefore,
  type SegmentsState,
  type SegmentsValue,
  segmentLayout,
  stepSegment,
  typedValueOf,
  typeKey,
} from './dateSegments';
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

const sameValue = (a: SegmentsValue | null, b: SegmentsValue | null) => String(a) === String(b);

function apply(state: SegmentsState, action: SegmentAction): SegmentsState {
  switch (action.type) {
    case 'key':
      return typeKey(state, action.key);
    case 'backspace':
      return backspace(state);
    case 'clear':
      return clearSegment(state);
    case 'step':
      return stepSegment(state, action.amount, toCalendarDateTime(now(getLocalTimeZone())));
    case 'move':
      return focusSegment(state, state.active + action.by);
  }
}

/**
 * Date, time or date-time input typed by segments in the locale's order (dd/MM/yyyy, MM/dd/yyyy or
 * yyyy-MM-dd, then hh:mm AM): digit by digit, or with a separator to end a segment early; the
 * arrow keys wrap day 1–31, month 1–12, hour 1–12 and minute 0–59; a/p set AM/PM; dates also by
 * the calendar. The text stays as typed: an impossible date (31/02/2027) or an incomplete one is
 * kept, not clamped, and shows 'Invalid date.', 'Invalid time.' or 'Invalid date time.' until it
 * is corrected (decision 0034).
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
  const locale = localeProp ?? settings.locale;
  const order = dateOrderFor(locale);
  const layout = segmentLayout(kind, order);
  const layoutKey = layout.join(' ');
  const initial = value === undefined ? defaultValue : value;
  const [state, setState] = useState<SegmentsState>(() => fromValue(layout, initial));
  // The value the text last stood for (or was set to): a controlled value different from it
  // replaces the text.
  const [shown, setShown] = useState<SegmentsValue | null>(initial);
  const [isInvalidShown, setInvalidShown] = useState(false);
  const [isCalendarOpen, setCalendarOpen] = useState(false);
  const segmentRefs = useRef<(HTMLSpanElement | null)[]>([]);
  const focusRequest = useRef<number | null>(null);
  const labelId = useId();
  const errorId = useId();
  const message = invalidDateMessages[kind];

  let current = state;
  if ((value !== undefined && !sameValue(value, shown)) || state.types.join(' ') !== layoutKey) {
    const next = value === undefined ? shown : value;
    current = fromValue(layout, next);
    setState(current);
    setShown(next);
    setInvalidShown(false);
  }

  // The latest text, for key events that arrive faster than renders.
  const stateRef = useRef(current);
  stateRef.current = current;
  const shownRef = useRef(shown);
  shownRef.current = shown;

  // Whether the parent was last told the text is invalid: it must hear of a valid value again,
  // even the one it already has.
  const reportedInvalid = useRef(false);
  const invalid = () => {
    reportedInvalid.current = true;
    setInvalidShown(true);
    onInvalid?.(message);
  };
  const emit = (next: SegmentsValue | null) => {
    if (next !== null && kind !== 'time' && !isWithinBounds(next as DateValue, min, max)) return false;
    if (!sameValue(next, shownRef.current) || reportedInvalid.current) {
      reportedInvalid.current = false;
      shownRef.current = next;
      setShown(next);
      onValueChange?.(next as ValueOf<K> | null);
    }
    setInvalidShown(false);
    return true;
  };
  /** Replaces the text and the value (calendar, steppers). */
  const setValue = (next: SegmentsValue) => {
    const text = { ...fromValue(layout, next), active: stateRef.current.active };
    stateRef.current = text;
    setState(text);
    if (!emit(next)) invalid();
  };
  const onAction = (action: SegmentAction) => {
    const before = stateRef.current;
    const next = apply(before, action);
    stateRef.current = next;
    setState(next);
    if (next.active !== before.active) focusRequest.current = next.active;
    if (next.texts === before.texts) return;
    const typed = typedValueOf(next);
    if (typed !== undefined && emit(typed)) return;
    // Nothing more is expected: an impossible or out-of-range date says so at once.
    if (isFilled(next) && !isInvalidShown) invalid();
  };
  useLayoutEffect(() => {
    if (focusRequest.current === null) return;
    segmentRefs.current[focusRequest.current]?.focus();
    focusRequest.current = null;
  });
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    stateRef.current = { ...stateRef.current, fresh: true };
    setState(stateRef.current);
    if (typedValueOf(stateRef.current) === undefined) invalid();
  };

  // Time steppers: a minute up or down (wrapping through the day), repeating while held.
  const stepMinutes = (minutes: number) => {
    if (kind !== 'time' || isReadOnly || isDisabled) return;
    const typed = typedValueOf(stateRef.current);
    const time = (typed as Time | null | undefined) ?? defaultCalendarTime;
    setValue(time.add({ minutes }));
  };
  const stepUp = useRepeatWhileHeld(() => stepMinutes(1));
  const stepDown = useRepeatWhileHeld(() => stepMinutes(-1));

  const typedValue = typedValueOf(current);
  const shownError = isInvalidShown ? message : errorText;
  const showError = isError || !!shownError;
  const calendarValue = typedValue && 'day' in typedValue ? toCalendarDate(typedValue) : null;

  const segments = (
    <div className="pl-input-group">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of spin buttons, as react-aria's DateField */}
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={showError ? errorId : undefined}
        aria-disabled={isDisabled || undefined}
        className="pl-input-group pl-date-group pl-date-field"
        data-invalid={showError || undefined}
        onBlur={onBlur}
      >
        <div className="pl-input pl-date-input">
          {layout.map((type, i) => (
            <span key={type} className="pl-date-segment-slot">
              {i > 0 && (
                <span aria-hidden="true" className="pl-date-literal">
                  {literalBefore(layout, i, order)}
                </span>
              )}
              <DateSegmentView
                type={type}
                text={current.texts[i] ?? ''}
                fieldLabelId={labelId}
                describedBy={showError ? errorId : undefined}
                isInvalid={showError}
                isReadOnly={isReadOnly}
                isDisabled={isDisabled}
                onAction={onAction}
                onFocus={() => {
                  if (stateRef.current.active === i && !stateRef.current.fresh) return;
                  const next = focusSegment(stateRef.current, i);
                  stateRef.current = next;
                  setState(next);
                }}
                segmentRef={(element) => {
                  segmentRefs.current[i] = element;
                }}
              />
            </span>
          ))}
        </div>
        {kind !== 'time' && !isReadOnly && (
          <DialogTrigger isOpen={isCalendarOpen} onOpenChange={setCalendarOpen}>
            <Tooltip content="Open calendar">
              <AriaButton className="pl-calendar-button" aria-label="Open calendar" isDisabled={isDisabled}>
                <CalendarIcon />
              </AriaButton>
            </Tooltip>
            <Popover className="pl-popover" placement="bottom end">
              <Dialog aria-label="Calendar" className="pl-popover__dialog">
                <Calendar
                  locale={segmentLocaleFor(locale)}
                  value={calendarValue}
                  min={min ?? null}
                  max={max ?? null}
                  onValueChange={(date) => {
                    if (kind === 'date') setValue(date);
                    else {
                      const time = typedValue && 'hour' in typedValue ? typedValue : defaultCalendarTime;
                      setValue(new CalendarDateTime(date.year, date.month, date.day, time.hour, time.minute));
                    }
                    setCalendarOpen(false);
                  }}
                />
              </Dialog>
            </Popover>
          </DialogTrigger>
        )}
      </div>
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
  return (
    <Provider
      values={[
        [LabelContext, { id: labelId, elementType: 'span' }],
        [TextContext, { slots: { errorMessage: { id: errorId } } }],
      ]}
    >
      <FieldWrapper {...wrapper} isMandatory={isMandatory} isError={showError} errorText={shownError}>
        {segments}
      </FieldWrapper>
    </Provider>
  );
}
