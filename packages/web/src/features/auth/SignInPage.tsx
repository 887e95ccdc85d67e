import { Button } from '@plinth/ui';
import { type FormEvent, useState } from 'react';
import { Form, Input, Label, TextField } from 'react-aria-components';
import { ApiError } from '../../api/apiClient';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from './session';

export interface SignInPageProps {
  /** Pre-filled tenant (from ?tenant= or the last sign-in). */
  defaultTenant?: string;
  onSignedIn: () => void;
}

/** Sign-in to a tenant: tenant, user name and password. */
export function SignInPage({ defaultTenant = '', onSignedIn }: SignInPageProps) {
  const { signIn } = useSession();
  const [tenant, setTenant] = useState(defaultTenant);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  useDocumentTitle('Sign in');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signIn({ tenant: tenant.trim(), username: username.trim(), password });
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The server could not be reached.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="pl-signin">
      <Form className="pl-signin__card" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in to Plinth</h1>
        <TextField className="pl-text-field" value={tenant} onChange={setTenant} isRequired autoFocus>
          <Label className="pl-field__label">Tenant</Label>
          <Input className="pl-input" autoComplete="organization" />
        </TextField>
        <TextField className="pl-text-field" value={username} onChange={setUsername} isRequired>
          <Label className="pl-field__label">User name</Label>
          <Input className="pl-input" autoComplete="username" />
        </TextField>
        <TextField
          className="pl-text-field"
          type="password"
          value={password}
          onChange={setPassword}
          isRequired
        >
          <Label className="pl-field__label">Password</Label>
          <Input className="pl-input" autoComplete="current-password" />
        </TextField>
        {error && (
          <p role="alert" className="pl-field__error">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" isDisabled={isBusy}>
          Sign in
        </Button>
      </Form>
    </main>
  );
}
