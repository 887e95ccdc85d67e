import { useCallback, useEffect, useState } from 'react';
import { messageOf } from './messageOf';

/**
 * What an admin screen lists, read when it opens (the read cancelled if it closes first) and again
 * on `reload` after a change: the value (null until the first read), and a failed read's message.
 * `read` and `describe` must keep their identity between renders (a `useCallback` or a module function).
 */
export function useAdminRead<T>(
  read: (signal?: AbortSignal) => Promise<T>,
  describe: (failure: unknown) => string = messageOf,
): { value: T | null; error: string | null; reload: (signal?: AbortSignal) => Promise<void> } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setValue(await read(signal));
        setError(null);
      } catch (failure) {
        if (!signal?.aborted) setError(describe(failure));
      }
    },
    [read, describe],
  );
  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);
  return { value, error, reload };
}
