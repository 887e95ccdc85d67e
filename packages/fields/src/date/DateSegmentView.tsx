import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type SegmentType, segmentPlaceholders, segmentRanges } from './dateSegments';

/** What the keys of a segment do to the field's text (see dateSegments.ts). */
export type SegmentAction =
  | { type: 'key'; key: string }
  | { type: 'backspace' }
  | { type: 'clear' }
  | { type: 'step'; amount: 1 | -1 }
  | { type: 'move'; by: 1 | -1 };

const segmentNames: Record<SegmentType, string> = {
  day: 'day',
  month: 'month',
  year: 'year',
  hour: 'hour',
  minute: 'minute',
  dayPeriod: 'AM/PM',
};

export interface DateSegmentViewProps {
  type: SegmentType;
  text: string;
  fieldLabelId: string;
  describedBy?: string | undefined;
  isInvalid: boolean;
  isReadOnly: boolean;
  isDisabled: boolean;
  onAction: (action: SegmentAction) => void;
  onFocus: () => void;
  segmentRef: (element: HTMLSpanElement | null) => void;
}

/** The text a segment shows: its placeholder when empty, day/month/hour/minute in two digits. */
export function shownText(type: SegmentType, text: string): string {
  if (text === '') return segmentPlaceholders[type];
  if (type === 'dayPeriod' || type === 'year') return text;
  return text.padStart(2, '0');
}

/**
 * One editable segment: a spin button that takes digits, separators, a/p, Backspace, Delete and
 * the arrow keys. It is contentEditable (with a numeric input mode) so that touch keyboards open
 * and send their characters as `beforeinput`, whose data is typed the same way; the DOM text is
 * never edited by the browser.
 */
export function DateSegmentView({
  type,
  text,
  fieldLabelId,
  describedBy,
  isInvalid,
  isReadOnly,
  isDisabled,
  onAction,
  onFocus,
  segmentRef,
}: DateSegmentViewProps) {
  const ref = useRef<HTMLSpanElement | null>(null);
  const [isFocused, setFocused] = useState(false);
  const isEditable = !isReadOnly && !isDisabled;
  const actionRef = useRef(onAction);
  actionRef.current = onAction;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Touch keyboards send "Unidentified" key downs; their text arrives here instead.
    const onBeforeInput = (event: InputEvent) => {
      event.preventDefault();
      if (!isEditable) return;
      if (event.inputType.startsWith('delete')) actionRef.current({ type: 'backspace' });
      else for (const key of event.data ?? '') actionRef.current({ type: 'key', key });
    };
    element.addEventListener('beforeinput', onBeforeInput);
    return () => element.removeEventListener('beforeinput', onBeforeInput);
  }, [isEditable]);

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = keyAction(event.key);
    if (action === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (action && (isEditable || action.type === 'move')) onAction(action);
  };
  const number = type === 'dayPeriod' || text === '' ? undefined : Number(text);
  const range = type === 'dayPeriod' ? { min: 0, max: 1 } : segmentRanges[type];
  return (
    <span
      ref={(element) => {
        ref.current = element;
        segmentRef(element);
      }}
      role="spinbutton"
      className="pl-date-segment"
      tabIndex={isDisabled ? undefined : 0}
      contentEditable={isEditable}
      suppressContentEditableWarning
      spellCheck={false}
      autoCorrect="off"
      inputMode={isEditable ? (type === 'dayPeriod' ? 'text' : 'numeric') : undefined}
      enterKeyHint={isEditable ? 'next' : undefined}
      aria-label={segmentNames[type]}
      aria-labelledby={`${fieldLabelId}-${type} ${fieldLabelId}`}
      id={`${fieldLabelId}-${type}`}
      aria-describedby={describedBy}
      aria-valuenow={type === 'dayPeriod' ? (text === '' ? undefined : text === 'PM' ? 1 : 0) : number}
      aria-valuemin={range.min}
      aria-valuemax={range.max}
      aria-valuetext={text === '' ? 'Empty' : shownText(type, text)}
      aria-invalid={isInvalid || undefined}
      aria-readonly={isReadOnly || undefined}
      aria-disabled={isDisabled || undefined}
      data-placeholder={text === '' || undefined}
      data-focused={isFocused || undefined}
      style={{ caretColor: 'transparent' }}
      onKeyDown={onKeyDown}
      onBlur={() => setFocused(false)}
      onFocus={() => {
        setFocused(true);
        window.getSelection()?.collapse(ref.current ?? null);
        onFocus();
      }}
      onPaste={(event) => {
        event.preventDefault();
        if (!isEditable) return;
        for (const key of event.clipboardData.getData('text')) onAction({ type: 'key', key });
      }}
    >
      {shownText(type, text)}
    </span>
  );
}

/** The action of a key: undefined lets the key through (Tab, Enter, Escape…); null swallows it. */
function keyAction(key: string): SegmentAction | null | undefined {
  switch (key) {
    case 'Backspace':
      return { type: 'backspace' };
    case 'Delete':
      return { type: 'clear' };
    case 'ArrowUp':
      return { type: 'step', amount: 1 };
    case 'ArrowDown':
      return { type: 'step', amount: -1 };
    case 'ArrowRight':
      return { type: 'move', by: 1 };
    case 'ArrowLeft':
      return { type: 'move', by: -1 };
  }
  if (key.length === 1) return { type: 'key', key };
  return undefined;
}
