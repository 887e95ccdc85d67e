import { passwordProblem } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { type FormEvent, useState } from 'react';
import { FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { ApiError } from '../../api/apiClient';
import type { AccountApi } from './accountApi';

export interface ChangePasswordFormProps {
  api: Pick<AccountApi, 'changePassword'>;
  username: string | null;
  /** Called once the server has taken the new password, with how many other sessions ended. */
  onChanged: (endedSessions: number) => void;
  submitLabel?: string;
}

/** The user's own password change: the current one, then the new one twice. */
export function ChangePasswordForm({
  api,
  username,
  onChanged,
  submitLabel = 'Change password',
}: ChangePasswordFormProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ member: string | null; message: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const weakness = next === '' ? null : passwordProblem(next, username);
  const mismatch = again !== '' && again !== next ? 'The two new passwords are not the same.' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (passwordProblem(next, username) || next !== again || current === '') return;
    setBusy(true);
    try {
      const answer = await api.changePassword(current, next);
      onChanged(answer.endedSessions);
    } catch (failure) {
      if (failure instanceof ApiError) {
        const errors = (failure.details as { errors?: Array<{ member: string }> } | undefined)?.errors;
        setServerError({ member: errors?.[0]?.member ?? null, message: failure.message });
      } else setServerError({ member: null, message: 'The server could not be reached.' });
    } finally {
      setBusy(false);
    }
  };
  const currentError = serverError?.member === 'currentPassword' ? serverError.message : null;
  const newError = serverError?.member === 'newPassword' ? serverError.message : touched ? weakness : null;
  return (
    <Form className="pl-account__form" onSubmit={submit} validationBehavior="aria">
      <TextField
        className="pl-text-field"
        type="password"
        value={current}
        onChange={setCurrent}
        isRequired
        isInvalid={currentError !== null || (touched && current === '')}
      >
        <Label className="pl-field__label">Current password</Label>
        <Input className="pl-input" autoComplete="current-password" />
        <FieldError className="pl-field__error">{currentError ?? 'Enter your current password.'}</FieldError>
      </TextField>
      <TextField
        className="pl-text-field"
        type="password"
        value={next}
        onChange={setNext}
        isRequired
        isInvalid={newError !== null}
      >
        <Label className="pl-field__label">New password</Label>
        <Input className="pl-input" autoComplete="new-password" />
        <Text slot="description" className="pl-field__hint">
          At least 10 characters; not your user name, and not a common password.
        </Text>
        <FieldError className="pl-field__error">{newError}</FieldError>
      </TextField>
      <TextField
        className="pl-text-field"
        type="password"
        value={again}
        onChange={setAgain}
        isRequired
        isInvalid={mismatch !== null}
      >
        <Label className="pl-field__label">New password again</Label>
        <Input className="pl-input" autoComplete="new-password" />
        <FieldError className="pl-field__error">{mismatch}</FieldError>
      </TextField>
      {serverError && serverError.member === null && (
        <p role="alert" className="pl-field__error">
          {serverError.message}
        </p>
      )}
      <Button type="submit" variant="primary" isDisabled={isBusy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
