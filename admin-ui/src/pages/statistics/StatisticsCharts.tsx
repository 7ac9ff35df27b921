import { Box, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { REQUEST_STATUSES, REQUEST_STATUS_LABELS } from '@shared/labels';
import { chartColor, percentage, type StatisticsReport } from '@shared/statistics';
import { formatNumber } from './statisticsFormat';

interface Slice {
  label: string;
  count: number;
  percentage: number;
  color: string;
}

/**
 * A horizontal bar chart laid out right to left (labels on the right, bars growing leftwards) with the
 * same figures as a list under it, so they can be read without the chart and by a screen reader.
 */
const Distribution = ({ title, slices, empty }: { title: string; slices: Slice[]; empty: string }) => {
  if (!slices.some((s) => s.count > 0))
    return (
      <Typography color="text.secondary" sx={{ paddingBlock: 3, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      {/* Hidden from assistive technology (the list beside it says the same), so not focusable either. */}
      <Box aria-hidden sx={{ minWidth: 0 }}>
        <BarChart
          disableKeyboardNavigation
          height={Math.max(180, slices.length * 44 + 40)}
          layout="horizontal"
          hideLegend
          margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
          yAxis={[
            {
              scaleType: 'band',
              data: slices.map((s) => s.label),
              position: 'right',
              width: 110,
              colorMap: { type: 'ordinal', values: slices.map((s) => s.label), colors: slices.map((s) => s.color) },
            },
          ]}
          xAxis={[{ reverse: true, tickMinStep: 1, valueFormatter: (v: number | null) => (v == null ? '' : formatNumber(v)) }]}
          series={[
            { data: slices.map((s) => s.count), label: title, valueFormatter: (v: number | null) => (v == null ? '' : formatNumber(v)) },
          ]}
        />
      </Box>
      <Stack component="ul" aria-label={title} sx={{ listStyle: 'none', margin: 0, padding: 0, gap: 1.25 }}>
        {slices.map((s) => (
          <Box component="li" key={s.label} sx={{ display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: s.color, flexShrink: 0 }} />
                {s.label}
              </Box>
              <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
                {formatNumber(s.count)} ({formatNumber(s.percentage)}%)
              </Box>
            </Box>
            {/* A plain bar: it grows from the inline start (the right, in Arabic). */}
            <Box aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
              <Box sx={{ height: '100%', width: `${Math.min(100, s.percentage)}%`, bgcolor: s.color, borderRadius: 3 }} />
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
};

const STATUS_COLORS = {
  received: '#2E7DAF',
  reviewing: '#C8893B',
  confirmed: '#1F6F4A',
  completed: '#3BA99C',
  cancelled: '#9E9E9E',
} as const;

export const StatusDistribution = ({ report }: { report: StatisticsReport }) => {
  const translate = useTranslate();
  return (
    <Distribution
      title={translate('app.statistics_page.by_status')}
      empty={translate('app.statistics_page.no_requests')}
      slices={REQUEST_STATUSES.map((s) => ({
        label: REQUEST_STATUS_LABELS[s],
        count: report.statusCounts[s],
        percentage: percentage(report.statusCounts[s], report.totalRequests),
        color: STATUS_COLORS[s],
      }))}
    />
  );
};

export const EventTypeDistribution = ({ report }: { report: StatisticsReport }) => {
  const translate = useTranslate();
  return (
    <Distribution
      title={translate('app.statistics_page.by_event_type')}
      empty={translate('app.statistics_page.no_requests')}
      slices={report.eventTypes.map((t, i) => ({ label: t.label, count: t.count, percentage: t.percentage, color: chartColor(i) }))}
    />
  );
};
