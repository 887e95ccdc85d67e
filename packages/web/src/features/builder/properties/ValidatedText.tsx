import { useEffect, useRef, useState } from 'react';
import { PropertyText } from '../../admin/public';

export interface ValidatedTextProps {
  label: string;
  /** The stored value as text. */
  value: string;
  /** The message for a draft that cannot be stored, or null when it can. */
  validate: (text: string) => string | null;
  /** Stores a draft that passed `validate`. */
  onCommit: (text: string) => void;
  /** Commit as typed (the default), or only when the box loses focus. */
  commitOn?: 'change' | 'blur';
  multiline?: boolean;
  isRequired?: boolean;
}

/**
 * A text box whose draft is stored only while it is valid: a bad draft stays on screen with its
 * message under the box, and the stored value keeps its last good value. A box stored when it is
 * left shows the stored value again when a bad draft is left, and says the draft was not kept.
 */
export function ValidatedText({
  label,
  value,
  validate,
  onCommit,
  commitOn = 'change',
  multiline,
  isRequired,
}: ValidatedTextProps) {
  const [draft, setDraft] = useState(value);
  const [notKept, setNotKept] = useState<string | null>(null);
  const committed = useRef(value);
  // A change from elsewhere (undo, another element) replaces the draft.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
      setNotKept(null);
    }
  }, [value]);
  const error = validate(draft);
  const commit = (text: string) => {
    if (validate(text) !== null || text === committed.current) return;
    committed.current = text;
    onCommit(text);
  };
  return (
    <PropertyText
      label={label}
      value={draft}
      error={error}
      {...(notKept ? { hint: notKept } : {})}
      {...(multiline ? { multiline, spellCheck: false } : {})}
      {...(isRequired ? { isRequired } : {})}
      onChange={(text) => {
        setDraft(text);
        setNotKept(null);
        if (commitOn === 'change') commit(text);
      }}
      onBlur={() => {
        if (commitOn === 'blur' && error !== null) {
          setNotKept(`'${draft}' was not kept: ${error}`);
          setDraft(committed.current);
          return;
        }
        commit(draft);
      }}
    />
  );
}
