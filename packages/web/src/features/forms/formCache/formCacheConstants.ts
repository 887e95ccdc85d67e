/** The browser form cache's constants (spec 03 §9 "Form and data services"), verbatim. */
export const formCacheVersion = '2.132';

/** What the cache keeps: forms, instance forms, type forms and calculation dependencies. */
export type FormCacheKind = 'form' | 'instance' | 'typeForm' | 'calcDependencies';

export const formCacheCapacity: Readonly<Record<FormCacheKind, number>> = {
  form: 40,
  instance: 200,
  typeForm: 200,
  calcDependencies: 200,
};

/** An entry is fresh this long after it was fetched or confirmed; then it is revalidated. */
export const formCacheRefreshMs = 60_000;
/** No entry is kept longer than this after it was fetched, however often it was confirmed. */
export const formCacheMaxAgeMs = 60 * 60_000;
/** How often old entries are swept out. */
export const formCacheRecycleMs = 300_000;

export const formCacheKinds: readonly FormCacheKind[] = ['form', 'instance', 'typeForm', 'calcDependencies'];
