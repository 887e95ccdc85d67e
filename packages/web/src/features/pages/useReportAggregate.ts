import { type CellTextSettings, defaultCellTextSettings } from '@plinth/grid';
import type { QueryCondition, ReportAggregateResponse } from '@plinth/schema';
import { useEffect, useState } from 'react';
import { useSession } from '../auth/public';
import { type AggregateAsk, takePrefetchedAggregate } from './pageAggregates';
import type { PageBus } from './pageBus';
import { fetchReportAggregate } from './pageDataApi';

export type AggregateState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      data: ReportAggregateResponse;
      settings: CellTextSettings;
      /** The conditions the aggregate was read with (a page filter's), if any. */
      conds?: readonly QueryCondition[];
    };

/**
 * A report's aggregate for a page component, read again on the page's REFRESH and after a save
 * (the records it counts may have changed), and with a page filter's conditions when the filter
 * drives this component.
 */
export function useReportAggregate(bus: PageBus, componentId: string, ask: AggregateAsk): AggregateState {
  const { client } = useSession();
  const [state, setState] = useState<AggregateState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const [master, setMaster] = useState<readonly QueryCondition[] | undefined>(undefined);
  useEffect(
    () =>
      bus.subscribe((m) => {
        if (m.type === 'REFRESH' || (m.type === 'SAVE_SUCCEEDED' && !m.componentId)) setRound((n) => n + 1);
        if (m.type === 'MASTER_FILTER_APPLIED' && m.conditions[componentId])
          setMaster(m.conditions[componentId]);
      }),
    [bus, componentId],
  );
  const key = JSON.stringify({ ask, master });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ask; `round` asks again.
  useEffect(() => {
    const controller = new AbortController();
    const { reportId } = ask;
    const conds = master ? [...master] : undefined;
    const body = { ...ask.request, ...(conds?.length ? { conds } : {}) };
    // The first read of a page's chart or counter may have been asked for with the page's content.
    const prefetched = round === 0 && !conds?.length ? takePrefetchedAggregate(ask) : undefined;
    Promise.all([
      prefetched ?? fetchReportAggregate(client, reportId, body, controller.signal),
      client.tenantSettings().catch(() => undefined),
    ])
      .then(([data, tenant]) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'ready',
          data,
          settings: tenant
            ? { locale: tenant.locale || 'en-AU', currencySymbol: tenant.currencySymbol || '$' }
            : defaultCellTextSettings,
          ...(conds?.length ? { conds } : {}),
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : 'The data could not be read.',
        });
      });
    return () => controller.abort();
  }, [client, key, round]);
  return state;
}
