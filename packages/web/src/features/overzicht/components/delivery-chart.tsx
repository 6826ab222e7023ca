import { DATE_FORMAT, OVERZICHT_TEXTS, type OverzichtEntry } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import { format } from 'date-fns';
import { useMemo, useState, type MouseEvent } from 'react';

interface DeliveryChartProps {
  entry: Pick<OverzichtEntry, 'delivered' | 'failed'>;
  /** The start of the first point. */
  from: string;
  slotMinutes: number;
  /** The chart's accessible name: what it shows, for whom, and its totals. */
  label: string;
}

/** One pixel per 5 minutes over 24 hours. */
export const CHART_WIDTH = 288;
const DELIVERED_HEIGHT = 28;
const FAILED_HEIGHT = 12;
const AXIS_HEIGHT = 14;
const BASELINE = DELIVERED_HEIGHT;
const CHART_HEIGHT = DELIVERED_HEIGHT + 1 + FAILED_HEIGHT + AXIS_HEIGHT;
/** The axis marks every this many hours, on the hour of the local clock. */
const TICK_HOURS = 6;

/** Bars of one series from the baseline up (-1) or down (+1), each to its own scale, as one path. */
function barsPath(values: readonly number[], slotWidth: number, height: number, direction: -1 | 1): string {
  const max = Math.max(0, ...values);
  if (max === 0) return '';
  const top = direction === -1 ? BASELINE : BASELINE + 1;
  return values
    .map((value, i) => {
      if (value <= 0) return '';
      // A single message stays visible beside a thousand: at least one pixel, a failure two.
      const bar = Math.max(direction === 1 ? 2 : 1, Math.round((value / max) * height));
      return `M${i * slotWidth} ${top}v${direction * bar}h${slotWidth}v${-direction * bar}z`;
    })
    .join('');
}

/** The whole hours of the local clock within the window that are a multiple of TICK_HOURS. */
function ticksOf(times: readonly Date[], slotWidth: number) {
  return times.flatMap((time, i) =>
    time.getMinutes() === 0 && time.getHours() % TICK_HOURS === 0
      ? [{ x: i * slotWidth, label: format(time, 'HH:mm') }]
      : [],
  );
}

/**
 * Delivered (green, above the line) and failed attempts (red, below it) per 5 minutes over 24
 * hours, each to its own scale so that a failure shows beside many deliveries in the same 5
 * minutes; nothing is drawn for zero. Under it a time axis of the local clock (the lists' times).
 * Two paths per row, not a bar element per point (decision 0036). Hovering a point shows its time
 * and counts. One image to assistive technology, named by `label` (its totals in words).
 */
export function DeliveryChart({ entry, from, slotMinutes, label }: DeliveryChartProps) {
  const theme = useTheme();
  const [hovered, setHovered] = useState<number>();
  const slots = entry.delivered.length;
  const slotWidth = CHART_WIDTH / slots;
  const slotMs = slotMinutes * 60_000;
  const times = useMemo(() => {
    const start = Date.parse(from);
    return Array.from({ length: slots }, (_, i) => new Date(start + i * slotMs));
  }, [from, slots, slotMs]);
  const delivered = useMemo(() => barsPath(entry.delivered, slotWidth, DELIVERED_HEIGHT, -1), [entry, slotWidth]);
  const failed = useMemo(() => barsPath(entry.failed, slotWidth, FAILED_HEIGHT, 1), [entry, slotWidth]);
  const ticks = useMemo(() => ticksOf(times, slotWidth), [times, slotWidth]);

  const hover = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * slots);
    setHovered(index >= 0 && index < slots ? index : undefined);
  };
  const point =
    hovered === undefined
      ? ''
      : `${format(times[hovered]!, `${DATE_FORMAT} HH:mm`)}–${format(times[hovered]!.getTime() + slotMs, 'HH:mm')}: ${OVERZICHT_TEXTS.grafiekSamenvatting(entry.delivered[hovered] ?? 0, entry.failed[hovered] ?? 0)}`;

  return (
    <Tooltip title={point} open={hovered !== undefined} followCursor placement="top" describeChild>
      <Box
        role="img"
        aria-label={label}
        onMouseMove={hover}
        onMouseLeave={() => setHovered(undefined)}
        sx={{ width: CHART_WIDTH, height: CHART_HEIGHT }}
      >
        <svg
          width={CHART_WIDTH}
          height={CHART_HEIGHT}
          viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
          aria-hidden="true"
          shapeRendering="crispEdges"
          style={{ display: 'block', overflow: 'visible' }}
        >
          {hovered !== undefined && (
            <rect
              x={hovered * slotWidth - 1}
              y={0}
              width={slotWidth + 2}
              height={BASELINE + 1 + FAILED_HEIGHT}
              fill={theme.palette.action.selected}
            />
          )}
          <path data-series="delivered" d={delivered} fill={theme.palette.success.main} />
          <path data-series="failed" d={failed} fill={theme.palette.error.main} />
          <line x1={0} x2={CHART_WIDTH} y1={BASELINE + 0.5} y2={BASELINE + 0.5} stroke={theme.palette.divider} />
          {ticks.map((tick) => (
            <g key={tick.x} data-tick={tick.label}>
              <line
                x1={tick.x + 0.5}
                x2={tick.x + 0.5}
                y1={BASELINE + 1}
                y2={BASELINE + 1 + FAILED_HEIGHT + 3}
                stroke={theme.palette.divider}
              />
              <text
                x={tick.x}
                y={CHART_HEIGHT - 1}
                fontSize={10}
                fill={theme.palette.text.secondary}
                textAnchor={tick.x < 14 ? 'start' : tick.x > CHART_WIDTH - 14 ? 'end' : 'middle'}
              >
                {tick.label}
              </text>
            </g>
          ))}
        </svg>
      </Box>
    </Tooltip>
  );
}
