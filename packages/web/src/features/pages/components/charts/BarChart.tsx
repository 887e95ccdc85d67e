import { scaleLinear } from 'd3-scale';
import type { ChartDatum } from '../../chartData';
import { chartColour } from '../../chartData';

export interface ChartProps {
  data: ChartDatum[];
  width: number;
  /** What the picture shows, for assistive technology (the table says it in full). */
  label: string;
}

const rowHeight = 28;
const barHeight = 18;
/** About how wide a character of the 12 px labels is. */
const charWidth = 7;

/**
 * Horizontal bars, one row per category: long category names stay readable at every width, and
 * the value is written at the end of each bar.
 */
export function BarChart({ data, width, label }: ChartProps) {
  const labelWidth = Math.min(160, Math.max(72, width * 0.3));
  // Values are written after their bars: the full ones when they leave the bars room, else short ones.
  const textWidth = (texts: string[]) => Math.max(0, ...texts.map((t) => t.length)) * charWidth + 12;
  const full = textWidth(data.map((d) => d.text));
  const isShort = full > (width - labelWidth) * 0.35;
  const valueRoom = isShort ? textWidth(data.map((d) => d.shortText)) : full;
  const min = Math.min(0, ...data.map((d) => d.value));
  const max = Math.max(0, ...data.map((d) => d.value));
  const x = scaleLinear()
    .domain([min, max === min ? min + 1 : max])
    .range([labelWidth, Math.max(labelWidth + 10, width - valueRoom)]);
  const height = data.length * rowHeight + 8;
  const zero = x(0);
  return (
    <svg className="pl-chart__svg" width={width} height={height} role="img" aria-label={label}>
      {data.map((d, i) => {
        const y = 4 + i * rowHeight;
        const end = x(d.value);
        const left = Math.min(zero, end);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: categories are drawn in order.
          <g key={i}>
            <text
              x={labelWidth - 8}
              y={y + rowHeight / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="pl-chart__label"
            >
              {clip(d.label, Math.floor(labelWidth / 7))}
              <title>{d.label}</title>
            </text>
            <rect
              x={left}
              y={y + (rowHeight - barHeight) / 2}
              width={Math.max(1, Math.abs(end - zero))}
              height={barHeight}
              rx={3}
              fill={chartColour(0)}
            >
              <title>{`${d.label}: ${d.text}`}</title>
            </rect>
            <text
              x={Math.max(zero, end) + 6}
              y={y + rowHeight / 2}
              dominantBaseline="middle"
              className="pl-chart__value"
            >
              {isShort ? d.shortText : d.text}
            </text>
          </g>
        );
      })}
      <line x1={zero} x2={zero} y1={0} y2={height} className="pl-chart__axis" />
    </svg>
  );
}

/** A label cut to about `room` characters with an ellipsis (the full one is its tooltip). */
export function clip(text: string, room: number): string {
  return text.length <= room ? text : `${text.slice(0, Math.max(1, room - 1))}…`;
}
