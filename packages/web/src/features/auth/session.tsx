import { defaultFieldSettings, type FieldSettings } from '@plinth/fields';
import type { LoginRequest, Me } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type ApiClient, ApiError } from '../../api/apiClient';

export type Session =
  | { status: 'loading' }
  /**
   * `byUser`: they pressed Sign out, so the page they were on is not kept for the next sign-in
   * (that may be another person); otherwise (no session, or it ended) it is.
   */
  | { status: 'signedOut'; byUser: boolean }
  | { status: 'signedIn'; me: Me; tenant: string; settings: FieldSettings };

interface SessionValue {
  session: Session;
  client: ApiClient;
  signIn: (request: LoginRequest) => Promise<void>;
  signOut: () => Promise<void>;
  /** Asks the server again who is signed in (after a change of their own, e.g. a new password). */
  reload: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);
const TENANT_KEY = 'plinth.tenant';

async function loadSettings(client: ApiClient): Promise<FieldSettings> {
  // Tenant settings fail → defaults (spec 02 §8).
  try {
    const settings = await client.tenantSettings();
    return { currencySymbol: settings.currencySymbol || '$', locale: settings.locale || 'en-AU' };
  } catch {
    return defaultFieldSettings;
  }
}

/** Holds who is signed in: asks `/auth/me` on start, signs in and out. */
export function SessionProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    // The settings are asked for beside the session check (one call: the client keeps them).
    const settings = loadSettings(client);
    client
      .me()
      .then(async (me) => {
        const loaded = await settings;
        if (isCurrent)
          setSession({
            status: 'signedIn',
            me,
            tenant: localStorage.getItem(TENANT_KEY) ?? '',
            settings: loaded,
          });
      })
      .catch(() => {
        if (isCurrent) setSession({ status: 'signedOut', byUser: false });
      });
    return () => {
      isCurrent = false;
    };
  }, [client]);
  // A call answered 401: the session expired or was signed out elsewhere.
  useEffect(() => client.onUnauthorized(() => setSession({ status: 'signedOut', byUser: false })), [client]);
  const signIn = useCallback(
    async (request: LoginRequest) => {
      const me = await client.login(request);
      localStorage.setItem(TENANT_KEY, request.tenant);
      setSession({ status: 'signedIn', me, tenant: request.tenant, settings: await loadSettings(client) });
    },
    [client],
  );
  const signOut = useCallback(async () => {
    try {
      await client.logout();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    // What was said to this user is not shown to the next one on the same screen.
    toast.clearAll();
    setSession({ status: 'signedOut', byUser: true });
  }, [client]);
  const reload = useCallback(async () => {
    const me = await client.me();
    setSession((current) => (current.status === 'signedIn' ? { ...current, me } : current));
  }, [client]);
  const value = useMemo(
    () => ({ session, client, signIn, signOut, reload }),
    [session, client, signIn, signOut, reload],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
