import type { RunnerHost } from './navigation/runnerTarget';

const base = 'http://plinth.invalid';

/**
 * The runner address `asPath` names, when it is one of this app's in this frame (spec 01 §2
 * `asPath`, decision 0108): an `/apps/{app}/…` path on this site, or in the hash host route a
 * `#/{tenant}/0/apprunner?app={app}…` of this tenant. Anything else — another app, another site,
 * a scheme, `//host` — is no return path (null): the runner never leads a person off the app.
 */
export function returnPathOf(asPath: string | null, appSlug: string, host: RunnerHost): string | null {
  if (!asPath || asPath.length > 2000 || /[\\\s]/.test(asPath)) return null;
  if (host.kind === 'hash') {
    const prefix = `#/${encodeURIComponent(host.tenant)}/0/apprunner?`;
    if (!asPath.startsWith(prefix)) return null;
    const app = new URLSearchParams(asPath.slice(prefix.length)).get('app');
    return app?.toLowerCase() === appSlug.toLowerCase() ? asPath : null;
  }
  if (!asPath.startsWith('/') || asPath.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(asPath, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const [apps, app] = url.pathname.split('/').filter(Boolean);
  let decoded: string | undefined;
  try {
    decoded = app === undefined ? undefined : decodeURIComponent(app);
  } catch {
    return null;
  }
  if (apps !== 'apps' || decoded?.toLowerCase() !== appSlug.toLowerCase()) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
