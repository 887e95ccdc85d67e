import { aggregateLabels, aggregateText } from '@plinth/grid';
import type { HeroCounterComponentProperties } from '@plinth/schema';
import { Button } from '@plinth/ui';
import type { CSSProperties } from 'react';
import type { PageComponentProps } from '../componentRegistry';
import { counterAggregateOf } from '../pageAggregates';
import { useReportAggregate } from '../useReportAggregate';

/**
 * A hero counter: one aggregate of a report as a big number with its label, formatted as the
 * aggregated column formats its values (a sum of amounts with the currency symbol). 'Show records'
 * opens the report it counts in a modal, filtered as the counter is, and read-only when the counter
 * is (decision 0109).
 */
export function HeroCounterComponent({
  component,
  properties,
  isReadOnly,
  runtime,
}: PageComponentProps<HeroCounterComponentProperties>) {
  const state = useReportAggregate(runtime.bus, component.id, counterAggregateOf(properties));
  const fallbackLabel =
    state.status === 'ready'
      ? state.data.valueColumn
        ? `${aggregateLabels[properties.aggregate]} of ${state.data.valueColumn.title}`
        : state.data.title
      : component.name;
  const label = properties.label?.trim() || fallbackLabel || 'Count';
  let value = '';
  if (state.status === 'ready') {
    const { data, settings } = state;
    const column = data.valueColumn ?? { type: 'Int32' as const };
    value =
      aggregateText(
        column,
        {
          kind: data.aggregate,
          value: data.total.value,
          ...(data.total.text ? { text: data.total.text } : {}),
        },
        settings,
      ) || '–';
  }
  return (
    <section className="pl-hero-counter" aria-label={label} aria-busy={state.status === 'loading'}>
      <p
        className="pl-hero-counter__value"
        // The longer the number, the smaller its type, so it stays on one line in the counter.
        style={{ '--pl-hero-chars': Math.max(value.length, 8) } as CSSProperties}
        title={value || undefined}
      >
        {state.status === 'error' ? <span className="pl-hero-counter__error">{state.message}</span> : value}
      </p>
      <p className="pl-hero-counter__label">{label}</p>
      <Button
        variant="subtle"
        size="small"
        className="pl-hero-counter__records"
        aria-label={`Show records: ${label}`}
        onPress={() =>
          runtime.onNavigate({
            type: 'NAVIGATE_TO_REPORT',
            reportId: properties.reportId!,
            openAs: 'modal',
            ...(state.status === 'ready' && state.conds ? { conditions: [...state.conds] } : {}),
            ...(isReadOnly ? { isReadOnly: true } : {}),
          })
        }
      >
        Show records
      </Button>
    </section>
  );
}
