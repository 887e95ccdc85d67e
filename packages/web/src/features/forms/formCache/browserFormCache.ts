import { FormCache } from './formCache';

let shared: FormCache | undefined;

/**
 * The browser's one form cache (localStorage), swept every 300,000 ms from its first use on. Every
 * form call of the app goes through it (api/formApi.ts).
 */
export function browserFormCache(): FormCache {
  if (!shared) {
    shared = new FormCache();
    shared.startRecycling();
  }
  return shared;
}

/** Says who signed in: the cache is cleared when it is not the account it was filled for. */
export function formCacheSignedIn(tenantId: number, userId: number): void {
  browserFormCache().setAccount(`${tenantId}.${userId}`);
}
