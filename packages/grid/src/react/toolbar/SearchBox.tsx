import { useEffect, useRef, useState } from 'react';
import { Input, SearchField } from 'react-aria-components';

/** Quick search waits this long after the last keystroke (spec 02 §4, §9). */
export const searchDebounceMs = 500;
/** The report call takes at most this many characters of quick search. */
export const maxSearchLength = 200;

export interface SearchBoxProps {
  /** The applied search; a change from outside (reset to default view) replaces the text. */
  value?: string;
  /** Called 500 ms after the last change, and at once on Enter or clear. */
  onSearch: (value: string) => void;
  /** Default 'Find a record'. */
  placeholder?: string;
  isDisabled?: boolean;
  /** The wait after the last keystroke; 0 when the receiver debounces itself (the report machine). */
  debounceMs?: number;
}

/** The toolbar's quick search, debounced 500 ms. */
export function SearchBox({
  value = '',
  onSearch,
  placeholder = 'Find a record',
  isDisabled = false,
  debounceMs = searchDebounceMs,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    sent.current = value;
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    if (next === sent.current) return;
    sent.current = next;
    onSearchRef.current(next);
  };
  return (
    <SearchField
      className="pl-search-box"
      aria-label={placeholder}
      value={text}
      maxLength={maxSearchLength}
      isDisabled={isDisabled}
      onChange={(next) => {
        setText(next);
        clearTimeout(timer.current);
        if (debounceMs === 0) send(next);
        else timer.current = setTimeout(() => send(next), debounceMs);
      }}
      onSubmit={send}
      onClear={() => send('')}
    >
      <Input className="pl-input pl-search-box__input" placeholder={placeholder} />
    </SearchField>
  );
}
