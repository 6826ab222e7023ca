import { OVERZICHT_TEXTS, type OverzichtEntry } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { useMemo } from 'react';
import { formatDateTime } from '@/lib/dates';

interface DeliveryChartProps {
  entry: Pick<OverzichtEntry, 'delivered' | 'failed'>;
  /** The start of the first point. */
  from: string;
  slotMinutes: number;
  /** The chart's accessible name: what it shows, for whom, and its totals. */
  label: string;
}

export const CHART_WIDTH = 260;
const CHART_HEIGHT = 44;

/**
 * Delivered (area) and failed (line) per 5 minutes over 24 hours: two paths, no axes, a tooltip
 * per point. One image to assistive technology, named by `label` (its totals in words).
 */
export function DeliveryChart({ entry, from, slotMinutes, label }: DeliveryChartProps) {
  const theme = useTheme();
  const times = useMemo(() => {
    const start = Date.parse(from);
    return entry.delivered.map((_, i) => new Date(start + i * slotMinutes * 60_000));
  }, [from, slotMinutes, entry.delivered]);
  return (
    <Box role="img" aria-label={label} sx={{ width: CHART_WIDTH, height: CHART_HEIGHT }}>
      <LineChart
        width={CHART_WIDTH}
        height={CHART_HEIGHT}
        margin={2}
        skipAnimation
        hideLegend
        // A light area under the delivered line, so that the failed line shows in front of it.
        sx={{ [`& .${lineClasses.area}`]: { opacity: 0.3 } }}
        xAxis={[
          {
            data: times,
            scaleType: 'time',
            position: 'none',
            valueFormatter: (value: Date) => formatDateTime(value.toISOString()),
          },
        ]}
        yAxis={[{ position: 'none', min: 0 }]}
        series={[
          {
            data: entry.delivered,
            label: OVERZICHT_TEXTS.afgeleverd,
            area: true,
            showMark: false,
            color: theme.palette.success.main,
          },
          {
            data: entry.failed,
            label: OVERZICHT_TEXTS.mislukt,
            showMark: false,
            color: theme.palette.error.main,
          },
        ]}
      />
    </Box>
  );
}
