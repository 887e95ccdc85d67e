import { scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';
import { type ChartDatum, chartColour } from '../../chartData';
import { type ChartProps, clip } from './BarChart';

const height = 240;
const margin = { top: 16, right: 24, bottom: 40, left: 64 };

/** A line through the categories in the report's order, with the value axis on the left. */
export function LineChart({ data, width, label }: ChartProps) {
  const x = scalePoint<number>()
    .domain(data.map((_, i) => i))
    .range([margin.left, Math.max(margin.left + 1, width - margin.right)])
    .padding(0.5);
  const min = Math.min(0, ...data.map((d) => d.value));
  const max = Math.max(0, ...data.map((d) => d.value));
  const y = scaleLinear()
    .domain([min, max === min ? min + 1 : max])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const path = line<ChartDatum>()
    .x((_, i) => x(i) ?? 0)
    .y((d) => y(d.value))(data);
  const ticks = y.ticks(4);
  const format = y.tickFormat(4, '~s');
  // Every label when they fit; otherwise every n-th.
  const every = Math.max(1, Math.ceil((data.length * 64) / Math.max(1, width - margin.left - margin.right)));
  return (
    <svg className="pl-chart__svg" width={width} height={height} role="img" aria-label={label}>
      <g>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={margin.left} x2={width - margin.right} y1={y(t)} y2={y(t)} className="pl-chart__grid" />
            <text
              x={margin.left - 8}
              y={y(t)}
              textAnchor="end"
              dominantBaseline="middle"
              className="pl-chart__tick"
            >
              {format(t)}
            </text>
          </g>
        ))}
        <path d={path ?? ''} fill="none" stroke={chartColour(0)} strokeWidth={2} />
        {data.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: categories are drawn in order.
          <g key={i}>
            <circle cx={x(i)} cy={y(d.value)} r={4} fill={chartColour(0)}>
              <title>{`${d.label}: ${d.text}`}</title>
            </circle>
            {i % every === 0 && (
              <text x={x(i)} y={height - margin.bottom + 18} textAnchor="middle" className="pl-chart__tick">
                {clip(d.label, 12)}
              </text>
            )}
          </g>
        ))}
      </g>
    </svg>
  );
}
