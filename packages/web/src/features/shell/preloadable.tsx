import { type ComponentType, lazy } from 'react';

/**
 * A chunk loaded on demand that can be asked for early (`preload`). Its pages render at once when
 * it is already in: a page that suspends first is shown by React no sooner than 300 ms after its
 * fallback (the Suspense reveal throttle), which held every report's first page back that long.
 */
export function preloadable<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= load().then((m) => {
      loaded = m;
      return m;
    });
    return pending;
  };
  return {
    preload,
    page<P extends object>(pick: (m: M) => ComponentType<P>): ComponentType<P> {
      const Lazy = lazy(() => preload().then((m) => ({ default: pick(m) })));
      // Once loaded the chunk stays: a retry after suspending already takes the direct branch.
      return (props: P) => {
        const Page = loaded === undefined ? Lazy : pick(loaded);
        return <Page {...props} />;
      };
    },
  };
}
