import type { OwnApiToken, OwnSession } from '@plinth/schema';
import { Button, ConfirmDialog, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import '../admin/admin.css';
import { type AccountApi, accountApi } from './accountApi';
import { ChangePasswordForm } from './ChangePasswordForm';
import { formatWhen } from './formatWhen';

/** /account: the user's own password, sessions and API tokens (decision 0045). */
export function MyAccountPage({ api: given }: { api?: AccountApi }) {
  const { client, session } = useSession();
  const api = useMemo(() => given ?? accountApi(client), [given, client]);
  const username = session.status === 'signedIn' ? session.me.username : null;
  const [sessions, setSessions] = useState<OwnSession[] | null>(null);
  const [tokens, setTokens] = useState<OwnApiToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<OwnApiToken | null>(null);
  useDocumentTitle('My account');

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [s, t] = await Promise.all([api.sessions(signal), api.tokens(signal)]);
        setSessions(s);
        setTokens(t);
      } catch (failure) {
        if (!signal?.aborted) setError(failure instanceof Error ? failure.message : String(failure));
      }
    },
    [api],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      await load();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <section className="pl-page pl-account" aria-labelledby="account-title">
      <h1 id="account-title">My account</h1>
      {error && <p role="alert">{error}</p>}
      <section className="pl-admin__panel" aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <ChangePasswordForm
          api={api}
          username={username}
          onChanged={(ended) => {
            toast.success(
              ended > 0
                ? `Your password was changed. ${ended} other session${ended === 1 ? '' : 's'} ended.`
                : 'Your password was changed.',
            );
            void load();
          }}
        />
      </section>
      <section className="pl-admin__panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        {sessions === null && !error && <LoadingGrid columns={3} rows={2} />}
        {sessions && (
          <table className="pl-admin__table">
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Ends</th>
                <th scope="col">
                  <span className="pl-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td data-label="Signed in">
                    {formatWhen(s.createdAt)}
                    {s.current && <span className="pl-admin__badge">This session</span>}
                  </td>
                  <td data-label="Ends">{formatWhen(s.expiresAt)}</td>
                  <td>
                    <div className="pl-admin__actions">
                      {!s.current && (
                        <Button
                          size="small"
                          variant="outline"
                          aria-label={`End the session signed in ${formatWhen(s.createdAt)}`}
                          onPress={() => void act(() => api.endSession(s.id), 'The session was ended.')}
                        >
                          End
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="pl-admin__panel" aria-labelledby="tokens-title">
        <h2 id="tokens-title">API tokens</h2>
        {tokens?.length === 0 && <p className="pl-empty">You have no API tokens.</p>}
        {tokens && tokens.length > 0 && (
          <table className="pl-admin__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="pl-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <td data-label="Name">{t.name}</td>
                  <td data-label="Created">{formatWhen(t.createdAt)}</td>
                  <td data-label="Last used">{t.lastUsedAt ? formatWhen(t.lastUsedAt) : 'Never'}</td>
                  <td data-label="Expires">{t.expiresAt ? formatWhen(t.expiresAt) : 'Never'}</td>
                  <td>
                    <div className="pl-admin__actions">
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Revoke ${t.name}`}
                        onPress={() => setRevoking(t)}
                      >
                        Revoke
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog
        title="Revoke the token?"
        message={`Programs using “${revoking?.name ?? ''}” will be refused from now on.`}
        isOpen={revoking !== null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const token = revoking!;
          setRevoking(null);
          void act(() => api.revokeToken(token.id), 'The token was revoked.');
        }}
      />
    </section>
  );
}
