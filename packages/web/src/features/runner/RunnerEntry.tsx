import { navigationWarnings } from '@plinth/schema';
import { ErrorDisplay } from '@plinth/ui';
import { type ReactNode, useMemo } from 'react';
import type { RunnerHost } from './navigation/runnerTarget';
import { RunnerScreen } from './RunnerScreen';
import { type RunnerView, viewOfPageParam } from './runnerView';
import { TenantSettingsProvider } from './tenantSettings/TenantSettingsProvider';

/** Where the runner is asked to open: an app's route on /apps, or the hash host route. */
export type RunnerLocation =
  | { kind: 'app'; appSlug: string; view: RunnerView }
  | { kind: 'host'; tenant: string; app: string | null; page: string | null; preview: boolean };

export interface RunnerEntryProps {
  location: RunnerLocation;
  /** The location's search and hash; the host route's query is in its hash. */
  search: string;
  hash: string;
  renderReport: (appSlug: string, reportId: string) => ReactNode;
}

const pathHost: RunnerHost = { kind: 'path' };

/**
 * The runner's routes (spec 01 §2): an app's screens on /apps/{app}/…, or the same screens in the
 * hash host route `#/{tenant}/0/apprunner?app=&page=&preview=1`, whose links stay in the hash.
 */
export function RunnerEntry(props: RunnerEntryProps) {
  return (
    <TenantSettingsProvider>
      <RunnerRoutes {...props} />
    </TenantSettingsProvider>
  );
}

function RunnerRoutes({ location, search, hash, renderReport }: RunnerEntryProps) {
  const tenant = location.kind === 'host' ? location.tenant : '';
  const preview = location.kind === 'host' && location.preview;
  const hashHost = useMemo<RunnerHost>(() => ({ kind: 'hash', tenant, preview }), [tenant, preview]);
  if (location.kind === 'app')
    return (
      <RunnerScreen
        key={location.appSlug.toLowerCase()}
        appSlug={location.appSlug}
        view={location.view}
        search={search}
        host={pathHost}
        renderReport={renderReport}
      />
    );
  if (!location.app)
    return <ErrorDisplay message={navigationWarnings.emptyHostQuery(location.page ?? '')} homeHref="/apps" />;
  return (
    <RunnerScreen
      key={location.app.toLowerCase()}
      appSlug={location.app}
      view={viewOfPageParam(location.page)}
      search={hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : ''}
      host={hashHost}
      renderReport={renderReport}
    />
  );
}
