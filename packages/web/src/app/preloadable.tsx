import { type ComponentType, lazy, type ReactElement } from 'react';

/**
 * A chunk loaded on demand that can be asked for early (`preload`). Once it is in, its pages render
 * at once, never through Suspense and its 300 ms reveal throttle (decision 0027).
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
    page<P extends object>(pick: (m: M) => ComponentType<P>): (props: P) => ReactElement {
      const Lazy = lazy(() => preload().then((m) => ({ default: pick(m) })));
      // Once loaded the chunk stays: a retry after suspending already takes the direct branch.
      return (props: P) => {
        const Page = loaded === undefined ? Lazy : pick(loaded);
        return <Page {...props} />;
      };
    },
  };
}
