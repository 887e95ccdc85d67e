import { ToastRegions } from '@plinth/ui';
import { useMemo } from 'react';
import { I18nProvider } from 'react-aria-components';
import { ApiClient } from '../api/apiClient';
import { SessionProvider } from '../features/auth/public';
import { AppShell } from '../features/shell/public';
import { RouterProvider } from './router';

/** The web app: router, session, toasts and the shell. */
export function App({ client }: { client?: ApiClient }) {
  const api = useMemo(() => client ?? new ApiClient(), [client]);
  return (
    <I18nProvider locale="en-AU">
      <RouterProvider>
        <SessionProvider client={api}>
          <AppShell />
          <ToastRegions />
        </SessionProvider>
      </RouterProvider>
    </I18nProvider>
  );
}
