import { Button } from '@plinth/ui';
import { useMemo } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import { type AccountApi, accountApi } from './accountApi';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * Shown instead of everything else while the user's password is one an administrator set: the
 * server refuses their other calls until they choose their own (decision 0045).
 */
export function PasswordChangeRequiredPage({ api: given }: { api?: AccountApi }) {
  const { client, session, signOut, reload } = useSession();
  const api = useMemo(() => given ?? accountApi(client), [given, client]);
  useDocumentTitle('Choose a new password');
  return (
    <main className="pl-signin">
      <section className="pl-signin__card" aria-labelledby="choose-password-title">
        <h1 id="choose-password-title">Choose a new password</h1>
        <p>An administrator set your password. Choose your own to continue.</p>
        <ChangePasswordForm
          api={api}
          username={session.status === 'signedIn' ? session.me.username : null}
          submitLabel="Save and continue"
          onChanged={() => void reload()}
        />
        <Button variant="subtle" size="small" onPress={() => void signOut()}>
          Sign out
        </Button>
      </section>
    </main>
  );
}
