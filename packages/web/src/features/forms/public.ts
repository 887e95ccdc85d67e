/** The forms feature: the browser's form cache (spec 03 §4, §9). */
export { browserFormCache, formCacheSignedIn } from './formCache/browserFormCache';
export {
  FormCache,
  type FormCacheLog,
  type FormCacheLookup,
  type FormCacheStorage,
} from './formCache/formCache';
export * from './formCache/formCacheConstants';
export { type ConditionalAnswer, loadThroughCache } from './formCache/loadThroughCache';
