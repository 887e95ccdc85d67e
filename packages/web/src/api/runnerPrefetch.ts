import type { RunnerAppResponse } from '@plinth/schema';
import { type AppPageToInclude, includeQuery, type RunnerApi } from './runnerApi';

/**
 * The app call an app's address makes first, asked for while the web app still starts: beside the
 * session check and the runner's code instead of after them (decision 0090, as decision 0027 does
 * for a report's address). The runner takes the answer when it asks for the very same app and page
 * soon after, once; otherwise, and for every later load, it asks the server.
 */
interface Prefetched {
  key: string;
  askedAt: number;
  answer: Promise<RunnerAppResponse>;
}

/** An answer older than this is not used: the runner asks again. */
const maxAgeMs = 15_000;
let prefetched: Prefetched | undefined;

const keyOf = (appSlug: string, include: AppPageToInclude) =>
  `${appSlug.toLowerCase()}${includeQuery(include)}`;

/**
 * Asks for an app (and the page it opens on) now. A failure is dropped once it arrives (a signed-out
 * visitor's 401 must not answer the runner after sign-in); a runner that took the call before then
 * gets it, as if it had asked itself.
 */
export function prefetchRunnerApp(
  api: Pick<RunnerApi, 'app'>,
  appSlug: string,
  include: AppPageToInclude,
  now = Date.now(),
): Promise<RunnerAppResponse> {
  const answer = api.app(appSlug, undefined, include);
  const entry: Prefetched = { key: keyOf(appSlug, include), askedAt: now, answer };
  answer.catch(() => {
    if (prefetched === entry) prefetched = undefined;
  });
  prefetched = entry;
  return answer;
}

/** The prefetched answer for this very app and page, once; undefined when there is none to take. */
export function takePrefetchedRunnerApp(
  appSlug: string,
  include: AppPageToInclude,
  now = Date.now(),
): Promise<RunnerAppResponse> | undefined {
  const found = prefetched;
  prefetched = undefined;
  if (!found || found.key !== keyOf(appSlug, include) || now - found.askedAt > maxAgeMs) return undefined;
  return found.answer;
}
