import type { PageComponent } from '@plinth/schema';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../../auth/public';
import type { PageRuntime } from '../../pages/public';
import { componentErrorText } from './boundMembers';
import { type FormPageAdapter, formPageAdapterFor } from './formPageAdapter';

export interface BoundComponentState {
  adapter: FormPageAdapter;
  /** The record has been read (or the read failed before any record came). */
  status: 'loading' | 'failed' | 'ready';
  value: unknown;
  errorText: string | undefined;
}

/**
 * A bound component's view of its page's entity adapter: its own member's value and message,
 * selected from the machine so that a change to another member does not render it again.
 */
export function useBoundComponent(component: PageComponent, runtime: PageRuntime): BoundComponentState {
  const { client } = useSession();
  const recordId = runtime.context.record?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one adapter per bus and record
  const adapter = useMemo(
    () => formPageAdapterFor(client, runtime.bus, runtime.context),
    [client, runtime.bus, recordId],
  );
  useEffect(() => {
    adapter.register(component);
    adapter.start();
    return () => adapter.unregister(component.id);
  }, [adapter, component]);
  // The adapter's own changes (type read, read-only, form mode, notice) render every component.
  useSyncExternalStore(
    (listener) => adapter.subscribe(listener),
    () => adapter.revision,
  );
  const status = useSelector(adapter.actor, (s) =>
    s.context.record !== null ? 'ready' : s.context.loadFailed ? 'failed' : 'loading',
  );
  const key = adapter.member(component.id)?.key;
  const value = useSelector(adapter.actor, (s) => (key === undefined ? undefined : s.context.values[key]));
  const errorText = useSelector(adapter.actor, (s) =>
    componentErrorText(component.id, s.context.errors, s.context.customErrors),
  );
  return { adapter, status, value, errorText };
}
