import { Modal, type ModalSize } from '@plinth/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FieldError, Form, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { messageOf } from './messageOf';

/**
 * A dialog holding one form: Cancel and the primary action, Enter submits, the action is disabled
 * while it runs, and a failed call is told under the form. `onSubmit` returns without calling the
 * server when the form's own checks fail (the fields show why); anything it throws is shown until
 * the next edit.
 */
export function FormDialog({
  title,
  submitLabel,
  onClose,
  onSubmit,
  children,
  size,
  role,
}: {
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
  size?: ModalSize;
  role?: 'dialog' | 'alertdialog';
}) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      isOpen
      {...(size ? { size } : {})}
      {...(role ? { role } : {})}
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        {
          kind: 'custom',
          label: submitLabel,
          variant: 'primary',
          onPress: () => void submit(),
          isDisabled: isBusy,
        },
      ]}
    >
      <Form className="pl-admin__form" onSubmit={submit} validationBehavior="aria">
        {/* An edit answers the failure: its message goes until the next try. */}
        <div className="pl-admin__form-body" onChange={() => setError(null)}>
          {children}
        </div>
        {error && (
          <p role="alert" className="pl-field__error">
            {error}
          </p>
        )}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}

/** A labelled text box of the admin forms, with an optional hint and the error it shows when set. */
export function LabelledText({
  label,
  value,
  onChange,
  type,
  autoComplete,
  isRequired,
  autoFocus,
  error,
  hint,
  multiline,
  spellCheck,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  isRequired?: boolean;
  autoFocus?: boolean;
  /** Shown, and the box marked invalid, when not null or undefined. */
  error?: string | null;
  hint?: string;
  multiline?: boolean;
  /** Off for calculations, which are not prose. */
  spellCheck?: boolean;
  className?: string;
}) {
  return (
    <TextField
      className="pl-text-field"
      value={value}
      onChange={onChange}
      {...(type ? { type } : {})}
      {...(isRequired ? { isRequired } : {})}
      {...(autoFocus ? { autoFocus } : {})}
      isInvalid={error !== null && error !== undefined}
    >
      <Label className="pl-field__label">{label}</Label>
      {multiline ? (
        <TextArea
          className={`pl-input pl-textarea${className ? ` ${className}` : ''}`}
          {...(spellCheck === false ? { spellCheck: false } : {})}
        />
      ) : (
        <Input
          className={`pl-input${className ? ` ${className}` : ''}`}
          autoComplete={autoComplete ?? 'off'}
        />
      )}
      {hint && (
        <Text slot="description" className="pl-field__hint">
          {hint}
        </Text>
      )}
      <FieldError className="pl-field__error">{error}</FieldError>
    </TextField>
  );
}
