import { lazy, Suspense, useState } from 'react';
import { Box, Button, Card, CardContent, GlobalStyles, IconButton, Skeleton, TextField, Tooltip, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { addDaysToDateString, isValidDateString, riyadhDateString } from '@shared/time';
import { PageTitle } from '../../components/PageTitle';
import type { CharityDataProvider } from '../../providers/customMethods';
import { ChevronEndIcon, ChevronStartIcon } from '../../components/DirectionalIcons';
import { CapacityControl } from './CapacityControl';
import { DayStrip } from './DayStrip';
import { PickupCard } from './PickupCard';
import { located, weekdayOf } from './pickupFormat';
import { downloadRunSheet, usePickups, usePickupStrip } from './pickupsApi';
import { LoadFailed } from '../../components/LoadFailed';

// Leaflet and its clusters download only when the screen opens, not with the rest of the admin.
const PickupsMap = lazy(() => import('./PickupsMap'));

/**
 * The run sheet printed from the browser: only the day's heading and its cards, in one column, without
 * the menu, the app bar, the buttons, the strip or the map.
 */
const PRINT_STYLES = {
  '@media print': {
    '@page': { size: 'A4', margin: '12mm' },
    'body, .RaLayout-appFrame, .RaLayout-content': { background: '#fff !important' },
    '.MuiAppBar-root, .RaSidebar-root, .RaLayout-sidebar, .MuiDrawer-root, .no-print, .RaLayout-appFrame > header': {
      display: 'none !important',
    },
    '.RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content, .RaLayout-main': {
      margin: '0 !important',
      padding: '0 !important',
      minHeight: '0 !important',
    },
    '.pickups-layout': { display: 'block !important' },
    '.pickups-list': { display: 'block !important' },
    '.pickup-card': {
      boxShadow: 'none !important',
      border: '1px solid #888 !important',
      borderRadius: '6px !important',
      marginBlockEnd: '8px',
      breakInside: 'avoid',
      pageBreakInside: 'avoid',
    },
    '.pickups-page a': { color: 'inherit !important', textDecoration: 'none !important' },
    '.MuiChip-root': { border: '1px solid #888 !important', background: 'none !important', color: '#000 !important' },
  },
};

/** `?date=` when it is a real date, else today in Riyadh. */
function useDateParam(today: string): [string, (date: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = isValidDateString(asked) ? asked : today;
  return [date, (next) => setParams(next === today ? {} : { date: next }, { replace: true })];
}

/**
 * /admin/pickups, «جدول الاستلام»: a day (today by default, the date kept in the address) with its
 * pickups in collection-deadline order as cards, the same pickups on a map, the 14-day strip against
 * the daily capacity, printing and the PDF run sheet. Phone first: a driver uses it at 390 px.
 */
export const PickupsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const today = riyadhDateString(new Date());
  const [date, setDate] = useDateParam(today);
  const { data, isPending, isError, refetch } = usePickups(date);
  const strip = usePickupStrip(today);
  const capacity = strip.data?.capacity ?? null;
  const [downloading, setDownloading] = useState(false);
  const rows = data ?? [];
  const withoutLocation = rows.length - located(rows).length;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRunSheet(dataProvider, date);
    } catch {
      notify('app.pickups.pdf_failed', { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box
      className="pickups-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}
    >
      <GlobalStyles styles={PRINT_STYLES} />
      <PageTitle title="app.pickups.title" />
      <Card component="header">
        <CardContent sx={{ display: 'grid', gap: 1.5, padding: { xs: 2, sm: 3 }, '&:last-child': { paddingBlockEnd: { xs: 2, sm: 3 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography variant="h5" component="h1">
                {translate('app.pickups.title')}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>
                {weekdayOf(date)}{' '}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {formatGregorianAr(date)}
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  ({formatHijriAr(date)})
                </Box>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {data
                  ? capacity === null
                    ? translate('app.pickups.count', { count: rows.length })
                    : translate('app.pickups.count_of', { count: rows.length, capacity })
                  : '\u00a0'}
              </Typography>
            </Box>
            <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
                {translate('app.pickups.print')}
              </Button>
              <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={downloading}>
                {translate('app.pickups.pdf')}
              </Button>
            </Box>
          </Box>

          <Box className="no-print" sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 1.5, flexWrap: 'wrap' }}>
            {/* The day before, the date, the day after stay on one line, even at 390 px. */}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Tooltip title={translate('app.pickups.previous_day')}>
                <IconButton
                  aria-label={translate('app.pickups.previous_day')}
                  onClick={() => setDate(addDaysToDateString(date, -1))}
                  sx={{ width: 44, height: 44 }}
                >
                  <ChevronStartIcon />
                </IconButton>
              </Tooltip>
              <TextField
                type="date"
                label={translate('app.pickups.date')}
                value={date}
                onChange={(e) => {
                  if (isValidDateString(e.target.value)) setDate(e.target.value);
                }}
                fullWidth={false}
                margin="none"
                // Doubled class: react-admin's theme widens every field to 100% under 600 px.
                sx={{ '&&': { width: 176 }, flexShrink: 0 }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
              />
              <Tooltip title={translate('app.pickups.next_day')}>
                <IconButton
                  aria-label={translate('app.pickups.next_day')}
                  onClick={() => setDate(addDaysToDateString(date, 1))}
                  sx={{ width: 44, height: 44 }}
                >
                  <ChevronEndIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Button onClick={() => setDate(today)} disabled={date === today}>
              {translate('app.pickups.today')}
            </Button>
          </Box>
          <CapacityControl />
        </CardContent>
      </Card>

      <DayStrip from={today} selected={date} onSelect={setDate} />

      <Box
        className="pickups-layout"
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box component="section" aria-label={translate('app.pickups.list_label')} sx={{ minWidth: 0 }}>
          {isPending ? (
            <Skeleton variant="rounded" height={220} />
          ) : isError ? (
            <LoadFailed message="app.pickups.load_failed" onRetry={refetch} />
          ) : rows.length === 0 ? (
            <Card>
              <CardContent>
                <Typography color="text.secondary">{translate('app.pickups.empty')}</Typography>
              </CardContent>
            </Card>
          ) : (
            <Box component="ol" className="pickups-list" sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 1.5 }}>
              {rows.map((p, i) => (
                <li key={p.id}>
                  <PickupCard pickup={p} order={i + 1} />
                </li>
              ))}
            </Box>
          )}
        </Box>

        <Box className="no-print" sx={{ display: 'grid', gap: 1, position: { lg: 'sticky' }, insetBlockStart: { lg: 80 }, minWidth: 0 }}>
          <Card
            role="region"
            aria-label={translate('app.pickups.map_label')}
            sx={{ blockSize: { xs: 300, sm: 380, lg: 'calc(100vh - 140px)' }, minBlockSize: 300, overflow: 'hidden' }}
            data-testid="pickups-map"
          >
            <Suspense fallback={<Skeleton variant="rectangular" height="100%" aria-label={translate('app.pickups.map_loading')} />}>
              <PickupsMap pickups={rows} />
            </Suspense>
          </Card>
          {withoutLocation > 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.pickups.without_location', { count: withoutLocation })}
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
};
