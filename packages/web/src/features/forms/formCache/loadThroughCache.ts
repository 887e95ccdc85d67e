import type { FormCache } from './formCache';
import type { FormCacheKind } from './formCacheConstants';

/** What the server answered a conditional read: the kept copy still holds, or a new answer. */
export type ConditionalAnswer<T> =
  | { notModified: true }
  | { notModified: false; value: T; marker: string | null };

/**
 * Answers from the cache when it can (spec 03 §4 "Form cache"): a fresh entry as it is; a stale one
 * after the server confirms its change marker (then fresh again) or with the server's new answer,
 * which replaces it; otherwise the server's answer, kept for next time. A failed read keeps nothing
 * and fails the caller.
 */
export async function loadThroughCache<T>(
  cache: FormCache,
  kind: FormCacheKind,
  key: string,
  read: (ifNoneMatch: string | undefined) => Promise<ConditionalAnswer<T>>,
): Promise<T> {
  const kept = cache.get<T>(kind, key);
  if (kept.state === 'fresh') return kept.value;
  const answer = await read(kept.state === 'stale' ? kept.marker : undefined);
  if (answer.notModified) {
    if (kept.state !== 'stale') throw new Error('The server confirmed a copy the cache does not have.');
    cache.confirm(kind, key);
    return kept.value;
  }
  cache.put(kind, key, answer.value, answer.marker);
  return answer.value;
}
