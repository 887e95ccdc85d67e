import { useContainerWidth } from '@plinth/grid';
import type { ChartComponentProperties } from '@plinth/schema';
import { useId, useRef } from 'react';
import { type ChartDatum, chartData } from '../chartData';
import type { PageComponentProps } from '../componentRegistry';
import { chartAggregateOf } from '../pageAggregates';
import { useReportAggregate } from '../useReportAggregate';
import { BarChart } from './charts/BarChart';
import { LineChart } from './charts/LineChart';
import { PieChart } from './charts/PieChart';
import '../pageComponents.css';

/**
 * A chart of a report's grouped aggregate (bar, line or pie), drawn as plain SVG (decision 0069).
 * The picture is one labelled image; the same numbers are in a table for screen readers.
 */
export function ChartComponent({
  component,
  properties,
  runtime,
}: PageComponentProps<ChartComponentProperties>) {
  const state = useReportAggregate(runtime.bus, component.id, chartAggregateOf(properties));
  const ref = useRef<HTMLDivElement>(null);
  // Unmeasured (hidden at this breakpoint, or no layout at all): a usual width until it is.
  const width = useContainerWidth(ref) || 480;
  const titleId = useId();
  const data: ChartDatum[] = state.status === 'ready' ? chartData(state.data, state.settings) : [];
  const title =
    properties.title?.trim() || (state.status === 'ready' ? state.data.title : component.name) || 'Chart';
  const categoryTitle = state.status === 'ready' ? (state.data.groupColumn?.title ?? 'Category') : 'Category';
  const valueTitle =
    state.status === 'ready' && state.data.valueColumn ? state.data.valueColumn.title : 'Count';
  return (
    <figure className="pl-chart" aria-labelledby={titleId} aria-busy={state.status === 'loading'}>
      <figcaption id={titleId} className="pl-chart__title">
        {title}
      </figcaption>
      <div className="pl-chart__plot" ref={ref}>
        {state.status === 'error' && <p className="pl-chart__message">{state.message}</p>}
        {state.status === 'ready' && data.length === 0 && (
          <p className="pl-chart__message">No data to show</p>
        )}
        {state.status === 'ready' && data.length > 0 && (
          <Plot
            type={properties.chartType}
            data={data}
            width={width}
            label={`${title}: ${valueTitle} by ${categoryTitle}`}
          />
        )}
      </div>
      {data.length > 0 && (
        <table className="pl-visually-hidden">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryTitle}</th>
              <th scope="col">{valueTitle}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels repeat (two blank groups never do, but names may).
              <tr key={i}>
                <th scope="row">{d.label}</th>
                <td>{d.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}

function Plot({
  type,
  data,
  width,
  label,
}: {
  type: ChartComponentProperties['chartType'];
  data: ChartDatum[];
  width: number;
  label: string;
}) {
  switch (type) {
    case 'line':
      return <LineChart data={data} width={width} label={label} />;
    case 'pie':
      return <PieChart data={data} width={width} label={label} />;
    default:
      return <BarChart data={data} width={width} label={label} />;
  }
}
