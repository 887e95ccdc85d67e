import { ExternalLinkConfirmation } from '@plinth/fields';
import { type TenantSettings, tenantSettingsResponse } from '@plinth/schema';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useSession } from '../../auth/public';
import { fallbackTenantSettings, tenantSettingsMachine } from './tenantSettingsMachine';

interface TenantSettingsValue {
  settings: TenantSettings;
  isReady: boolean;
  refresh: () => void;
}

const TenantSettingsContext = createContext<TenantSettingsValue>({
  settings: fallbackTenantSettings,
  isReady: false,
  refresh: () => undefined,
});

/**
 * The runner's tenant settings (spec 01 §4, §7), held by the tenant settings machine: the first
 * read shares the session's call; REFRESH reads them again, as when the person comes back to the
 * tab (an administrator may have changed the time zone or currency meanwhile).
 */
export function TenantSettingsProvider({ children }: { children: ReactNode }) {
  const { client } = useSession();
  const reads = useRef(0);
  const actor = useActorRef(
    tenantSettingsMachine.provide({
      actors: {
        readTenantSettings: fromPromise(() =>
          reads.current++ === 0
            ? client.tenantSettings()
            : client.call('GET', '/spapi/data/v1/tenantSettings', tenantSettingsResponse),
        ),
      },
    }),
  );
  const settings = useSelector(actor, (s) => s.context.settings);
  const isReady = useSelector(actor, (s) => s.matches('ready'));
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);
  const value = useMemo(
    () => ({ settings, isReady, refresh: () => actor.send({ type: 'REFRESH' }) }),
    [settings, isReady, actor],
  );
  return (
    <TenantSettingsContext.Provider value={value}>
      <ExternalLinkConfirmation value={settings.confirmExternalLinks}>{children}</ExternalLinkConfirmation>
    </TenantSettingsContext.Provider>
  );
}

/** The tenant's settings in the runner: its locale, currency, time zone and name field label. */
export function useTenantSettings(): TenantSettingsValue {
  return useContext(TenantSettingsContext);
}
