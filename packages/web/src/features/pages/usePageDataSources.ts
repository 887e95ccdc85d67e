import type { PageVersionContent, QueryCondition } from '@plinth/schema';
import { useEffect, useMemo } from 'react';
import type { ApiClient } from '../../api/apiClient';
import { evalBehaviourExpressions } from './behaviourApi';
import type { PageBus } from './pageBus';
import { dataSourceComponents, dataSourceCondition, readsVariable } from './pageDataSources';
import type { PageContext } from './pageRendererTypes';
import { pageParams } from './pageVariables';

/** Expressions are evaluated again this long after the last change of a variable they name. */
const expressionDebounceMs = 150;

/**
 * The data source configuration of a page's reports (spec 03 §3, decision 0087): each entry of
 * type 'variable' reads a page variable (a relationship component's SelectedRecords, say), each of
 * type 'expression' is evaluated on the server with the page's variables; their values become the
 * report's conditions, sent on the bus as the report's master conditions, again on every change.
 */
export function usePageDataSources(
  client: Pick<ApiClient, 'call'>,
  content: PageVersionContent,
  context: PageContext,
  bus: PageBus,
): void {
  const components = useMemo(() => dataSourceComponents(content.components), [content.components]);
  const recordId = context.record?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the record, not the context object, counts
  useEffect(() => {
    if (components.length === 0) return;
    const values = new Map<string, unknown>();
    const key = (componentId: string, name: string) => `${componentId}\u0000${name}`;
    const controller = new AbortController();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    };
    const apply = (componentId: string) => {
      const component = components.find((c) => c.id === componentId)!;
      const conditions = component.dataSourceConfiguration.flatMap((entry): QueryCondition[] => {
        const condition = dataSourceCondition(entry, values.get(key(componentId, entry.name)));
        return condition ? [condition] : [];
      });
      bus.send({
        type: 'MASTER_FILTER_APPLIED',
        componentId: `dataSource:${componentId}`,
        conditions: { [componentId]: conditions },
      });
    };
    const evaluate = (componentId: string) => {
      const component = components.find((c) => c.id === componentId)!;
      const entries = component.dataSourceConfiguration.filter((e) => e.type === 'expression');
      if (entries.length === 0) return;
      evalBehaviourExpressions(
        client,
        {
          contextEntity: recordId,
          expressions: Object.fromEntries(entries.map((e) => [e.name, e.expression])),
          params: pageParams(context, content.variables, bus.variables(), entries),
        },
        controller.signal,
      ).then(
        (answers) => {
          for (const e of entries) values.set(key(componentId, e.name), answers[e.name]?.value ?? null);
          apply(componentId);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('A data source could not be evaluated', error);
        },
      );
    };
    for (const c of components) {
      for (const entry of c.dataSourceConfiguration)
        if (entry.type === 'variable') {
          const published = [...bus.variables()].find(([name]) => readsVariable(entry, name));
          if (published) values.set(key(c.id, entry.name), published[1]);
        }
      evaluate(c.id);
      // Once the page's effects ran, a report already shown hears its conditions.
      if (c.dataSourceConfiguration.some((e) => values.has(key(c.id, e.name)))) later(() => apply(c.id), 0);
    }
    const announced = new Set<string>();
    const pending = new Set<string>();
    const stop = bus.subscribe((message) => {
      // A report hears the bus once its own effects ran: its first message says it listens now.
      if ((message.type === 'DIRTY_CHANGED' || message.type === 'VARIABLE_CHANGED') && message.componentId) {
        const id = message.componentId;
        if (components.some((c) => c.id === id) && !announced.has(id)) {
          announced.add(id);
          later(() => apply(id), 0);
        }
      }
      if (message.type !== 'VARIABLE_CHANGED') return;
      for (const c of components) {
        const reads = c.dataSourceConfiguration.filter((e) => readsVariable(e, message.name));
        if (reads.length === 0) continue;
        for (const entry of reads)
          if (entry.type === 'variable') values.set(key(c.id, entry.name), message.value);
        if (reads.some((e) => e.type === 'variable')) apply(c.id);
        if (reads.some((e) => e.type === 'expression') && !pending.has(c.id)) {
          pending.add(c.id);
          later(() => {
            pending.delete(c.id);
            evaluate(c.id);
          }, expressionDebounceMs);
        }
      }
    });
    return () => {
      controller.abort();
      for (const t of timers) clearTimeout(t);
      stop();
    };
  }, [client, components, recordId, bus, content.variables]);
}
