import type { CellTextSettings } from '@plinth/grid';
import { useMemo } from 'react';
import { useSession } from '../../auth/public';

/** How values are written: the host's settings, else the signed-in tenant's locale and currency. */
export function useFormTextSettings(given: CellTextSettings | undefined): CellTextSettings {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn' ? session.settings : null;
  return useMemo(
    () =>
      given ?? {
        locale: signedIn?.locale ?? 'en-AU',
        currencySymbol: signedIn?.currencySymbol ?? '$',
      },
    [given, signedIn],
  );
}
