import {
  activeFilters,
  applyFilters,
  discardFilters,
  type FilterChange,
  FilterChips,
  FilterRow,
  type FilterState,
  type ReportMeta,
  ToolbarPopup,
  updateStoredFilter,
} from '@plinth/grid';
import { breakpointOfWidth, type FilterComponentProperties } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { reportApi } from '../../../api/reportApi';
import { useSession } from '../../auth/public';
import { pickerSource } from '../../pickerData/public';
import type { PageComponentProps } from '../componentRegistry';
import { masterConditionsFor, masterFilterState } from '../masterFilter';
import '../pageComponents.css';

/** What a page filter drives: reports, and the charts and counters of a report. */
const drivenTypes = new Set(['core:reportComponent', 'core:chartComponent', 'core:heroCounterComponent']);

/** The master filter's button: 'Filter' is each report's own (decision 0070). */
export const pageFilterLabel = 'Page filter';

/** 'A, B or C' (spec 01 §9: lists in en-AU). */
function listText(names: string[]): string {
  try {
    return new Intl.ListFormat('en-AU', { type: 'disjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; metas: Map<string, ReportMeta>; currencySymbol: string };

/**
 * The master filter (spec 03 §3): conditions of the reports it drives, each with its operator and
 * value, in a 'Filter by' dropdown where Apply commits and Cancel discards (spec 01 §4 'Filter
 * dropdown'). Applied conditions show as chips and go to every target report on the page.
 * Read-only, it shows what it filters by and what it applies, and cannot be changed (decision 0109).
 */
export function FilterComponent({
  component,
  properties,
  isReadOnly,
  runtime,
}: PageComponentProps<FilterComponentProperties>) {
  const { client } = useSession();
  const api = useMemo(() => reportApi(client), [client]);
  const pickers = useMemo(() => pickerSource(client), [client]);
  const targets = useMemo(
    () =>
      properties.targetComponentIds.flatMap((id) => {
        const target = runtime.componentsById.get(id);
        const reportId = target && drivenTypes.has(target.typeAlias) ? target.properties.reportId : undefined;
        return typeof reportId === 'number' ? [{ id, reportId }] : [];
      }),
    [properties.targetComponentIds, runtime.componentsById],
  );
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const targetKey = targets.map((t) => `${t.id}:${t.reportId}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `targetKey` stands for the targets.
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      Promise.all(
        targets.map((t) =>
          api
            .runReport(t.reportId, { pageSize: 0, metadata: 'full' }, controller.signal)
            .then((r) => [t.id, r.meta] as const),
        ),
      ),
      client.tenantSettings().catch(() => undefined),
    ])
      .then(([answers, settings]) => {
        const metas = new Map<string, ReportMeta>();
        for (const [id, meta] of answers) if (meta) metas.set(id, meta);
        setLoad({ status: 'ready', metas, currencySymbol: settings?.currencySymbol || '$' });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({
            status: 'error',
            message: error instanceof Error ? error.message : 'The filter could not be read.',
          });
      });
    return () => controller.abort();
  }, [api, client, targetKey]);

  if (load.status === 'loading') return <div className="pl-master-filter" aria-busy="true" />;
  if (load.status === 'error')
    return (
      <div className="pl-master-filter">
        <p className="pl-master-filter__error">{load.message}</p>
      </div>
    );
  if (targets.length === 0) return <div className="pl-page-placeholder">Filter not configured</div>;
  return (
    <MasterFilter
      metas={load.metas}
      source={load.metas.get(targets[0]!.id)}
      columnIds={properties.columnIds}
      currencySymbol={load.currencySymbol}
      pickers={pickers}
      isReadOnly={isReadOnly}
      onApply={(state) =>
        runtime.bus.send({
          type: 'MASTER_FILTER_APPLIED',
          componentId: component.id,
          conditions: masterConditionsFor(state.applied, load.metas),
        })
      }
    />
  );
}

interface MasterFilterProps {
  metas: Map<string, ReportMeta>;
  source: ReportMeta | undefined;
  columnIds: readonly string[];
  currencySymbol: string;
  pickers: ReturnType<typeof pickerSource>;
  isReadOnly: boolean;
  onApply(state: FilterState): void;
}

function MasterFilter({
  source,
  columnIds,
  currencySymbol,
  pickers,
  isReadOnly,
  onApply,
}: MasterFilterProps) {
  const [state, setState] = useState<FilterState>(() => masterFilterState(source, columnIds, currencySymbol));
  const [isOpen, setOpen] = useState(false);
  const latest = useRef(state);
  const setStored = (next: FilterState) => {
    latest.current = next;
    setState(next);
  };
  const change = (filterId: string, edit: FilterChange) =>
    setStored(updateStoredFilter(latest.current, filterId, edit));
  const commit = (next: FilterState) => {
    setStored(next);
    onApply(next);
  };
  const breakpoint = breakpointOfWidth(typeof window === 'undefined' ? 1024 : window.innerWidth);
  if (state.stored.length === 0) return <div className="pl-page-placeholder">Filter not configured</div>;
  return (
    <div className="pl-master-filter">
      <ToolbarPopup
        title="Filter by"
        trigger={<span className="pl-filter-trigger">{pageFilterLabel}</span>}
        triggerLabel={pageFilterLabel}
        isOpen={isOpen}
        onOpenChange={(open) => {
          // Closing without Apply discards the edits (spec 01 §4).
          if (!open) setStored(discardFilters(latest.current));
          setOpen(open);
        }}
        breakpoint={breakpoint}
        isDisabled={isReadOnly}
        width="37.5rem"
        maxHeight="24rem"
        footer={
          <>
            <Button
              variant="outline"
              onPress={() => {
                setStored(discardFilters(latest.current));
                setOpen(false);
              }}
            >
              Cancel
            </Button>
            <Button
              variant="primary"
              onPress={() => {
                setOpen(false);
                commit(applyFilters(latest.current));
              }}
            >
              Apply
            </Button>
          </>
        }
      >
        <div className="pl-filter-list">
          {state.stored.map((filter) => (
            <FilterRow
              key={filter.filterId}
              filter={filter}
              onChange={(edit) => change(filter.filterId, edit)}
              pickerDataSource={pickers}
            />
          ))}
        </div>
      </ToolbarPopup>
      <FilterChips state={state} isReadOnly={isReadOnly} onApply={(_query, next) => commit(next)} />
      {activeFilters(state.applied).length === 0 && (
        <p className="pl-master-filter__hint">{`By ${listText(state.stored.map((f) => f.name))}`}</p>
      )}
    </div>
  );
}
