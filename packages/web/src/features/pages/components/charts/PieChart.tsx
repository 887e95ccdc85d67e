import { arc, pie } from 'd3-shape';
import { type ChartDatum, chartColour } from '../../chartData';
import type { ChartProps } from './BarChart';

/**
 * A pie of the categories' shares, with a legend of each category's colour, value and share.
 * Negative values cannot be shares: they are left out of the pie (the legend and table keep them).
 */
export function PieChart({ data, width, label }: ChartProps) {
  const size = Math.max(120, Math.min(240, width < 480 ? width - 16 : width * 0.45));
  const radius = size / 2;
  const positive = data.map((d) => Math.max(0, d.value));
  const total = positive.reduce((a, b) => a + b, 0);
  const slices = pie<number>()
    .sort(null)
    .value((v) => v)(positive);
  const draw = arc<(typeof slices)[number]>()
    .innerRadius(radius * 0.5)
    .outerRadius(radius - 2);
  const share = (v: number) => (total > 0 ? `${Math.round((Math.max(0, v) / total) * 100)}%` : '–');
  return (
    <div className={width < 480 ? 'pl-pie pl-pie--stacked' : 'pl-pie'}>
      <svg className="pl-chart__svg" width={size} height={size} role="img" aria-label={label}>
        <g transform={`translate(${radius},${radius})`}>
          {slices.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: categories are drawn in order.
            <path key={i} d={draw(s) ?? ''} fill={chartColour(i)} stroke="#fff" strokeWidth={1}>
              <title>{`${data[i]!.label}: ${data[i]!.text} (${share(data[i]!.value)})`}</title>
            </path>
          ))}
        </g>
      </svg>
      <ul className="pl-pie__legend">
        {data.map((d: ChartDatum, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: categories are drawn in order.
          <li key={i}>
            <span className="pl-pie__swatch" style={{ background: chartColour(i) }} />
            <span className="pl-pie__name">{d.label}</span>
            <span className="pl-pie__value">
              {d.text} · {share(d.value)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
