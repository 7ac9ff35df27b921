import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { CO2E_KG_PER_FOOD_KG, KG_PER_MEAL, MEALS_PER_FAMILY } from '@shared/constants';
import { REQUEST_STATUSES, REQUEST_STATUS_LABELS } from '@shared/labels';
import { currentPeriod, type PeriodKey, type StatisticsReport } from '@shared/statistics';
import { BackIcon } from '../../components/DirectionalIcons';
import { PageTitle } from '../../components/PageTitle';
import type { CharityDataProvider } from '../../providers/customMethods';
import { failureText } from '../../providers/errorMessage';
import { isApiError } from '../../providers/httpClient';
import { getValidSession } from '../../providers/session';
import { adminUrl, ROUTES } from '../../routes';
import { ActivityLogTab } from './ActivityLogTab';
import { PeriodControls } from './PeriodControls';
import { EventTypeDistribution, StatusDistribution } from './StatisticsCharts';
import { downloadStatistics, statisticsKey, useStatistics } from './statisticsApi';
import { formatNumber, periodTitle } from './statisticsFormat';
import { LoadFailed } from '../../components/LoadFailed';

const TABS = ['statuses', 'eventTypes', 'activity'] as const;
type TabName = (typeof TABS)[number];
// Catalogue keys of the tab labels.
const TAB_LABELS: Record<TabName, string> = {
  statuses: 'app.statistics_page.tabs.statuses',
  eventTypes: 'app.content_edit.event_types',
  activity: 'app.statistics_page.tabs.activity',
};

// The spec's toasts (admin-side section 8), word for word, with the server's message when there is one.
const GENERATE_FAILED = 'app.statistics_page.generate_failed';
const LOAD_FAILED = 'app.statistics_page.fetch_failed';
const EXPORT_FAILED = 'app.statistics_page.export_failed';
const AUTH_FAILED = 'app.statistics_page.auth_failed';
const AUTH_HINT = 'app.statistics_page.auth_hint';

const Figure = ({ label, value, hint }: { label: string; value: string; hint?: string }) => (
  <Card variant="outlined" sx={{ minWidth: 0 }}>
    <CardContent sx={{ display: 'grid', gap: 0.5, '&:last-child': { paddingBlockEnd: 2 } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </CardContent>
  </Card>
);

const Figures = ({ report }: { report: StatisticsReport }) => {
  const translate = useTranslate();
  return (
    <>
      <Box
        component="section"
        aria-label={translate('app.statistics_page.status_counters')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' } }}
      >
        {REQUEST_STATUSES.map((s) => (
          <Figure key={s} label={REQUEST_STATUS_LABELS[s]} value={formatNumber(report.statusCounts[s])} />
        ))}
      </Box>
      <Box
        component="section"
        aria-label={translate('app.statistics_page.totals')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <Figure label={translate('app.statistics_page.total_requests')} value={formatNumber(report.totalRequests)} />
        <Figure
          label={translate('app.statistics_page.food_saved')}
          value={formatNumber(report.food.totalKg)}
          hint={translate('app.statistics_page.food_hint', {
            estimated: formatNumber(report.food.estimatedKg),
            weighed: formatNumber(report.food.weighedKg),
            requests: formatNumber(report.food.weighedRequests),
          })}
        />
        <Figure
          label={translate('app.statistics_page.success_rate')}
          value={`${formatNumber(report.successRate)}%`}
          hint={translate('app.statistics_page.success_rate_hint')}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('app.statistics_page.impact', {
          meals: formatNumber(report.food.meals),
          kg_per_meal: KG_PER_MEAL,
          families: formatNumber(report.food.familiesBenefited),
          meals_per_family: MEALS_PER_FAMILY,
          co2: formatNumber(report.food.co2eKg),
          co2_per_kg: CO2E_KG_PER_FOOD_KG,
        })}
      </Typography>
    </>
  );
};

/** /admin/statistics (spec: admin-side section 2). Opening it generates all three periods. */
export const StatisticsPage = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const reload = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [key, setKey] = useState<PeriodKey>(() => currentPeriod('daily', new Date()));
  const [tab, setTab] = useState<TabName>('statuses');
  const [generating, setGenerating] = useState(true);
  const [exporting, setExporting] = useState(false);

  const generateAll = async (keys: PeriodKey[]) => {
    setGenerating(true);
    try {
      const reports = await Promise.all(keys.map((k) => dataProvider.generateStatistics(k).then(({ data }) => data)));
      // The reports just made are the page's; the activity log has their rows: react-admin reads it again.
      keys.forEach((k, i) => queryClient.setQueryData(statisticsKey(k), reports[i]));
      reload();
      return true;
    } catch (error) {
      const message = failureText(error, translate, GENERATE_FAILED);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return false;
    } finally {
      setGenerating(false);
    }
  };

  useEffect(() => {
    const now = new Date();
    void generateAll([currentPeriod('daily', now), currentPeriod('monthly', now), currentPeriod('all_time', now)]);
    // Once, when the page opens (spec).
  }, []);

  const { data, error, isError, errorUpdatedAt, refetch } = useStatistics(key, !generating);
  // One toast per failed load; the inline alert below keeps the retry button.
  useEffect(() => {
    if (!isError) return;
    const message = failureText(error, translate, LOAD_FAILED);
    notify(message, { type: 'error', messageArgs: { _: message } });
  }, [isError, errorUpdatedAt]);

  const refresh = async () => {
    if (await generateAll([key])) notify(translate('app.statistics_page.refreshed'), { type: 'success' });
  };
  const exportExcel = async () => {
    const authFailed = `${translate(AUTH_FAILED)}: ${translate(AUTH_HINT)}`;
    if (!getValidSession()) return notify(authFailed, { type: 'error', messageArgs: { _: authFailed } });
    setExporting(true);
    try {
      await downloadStatistics(dataProvider, key);
      notify(translate('app.statistics_page.export_started'), { type: 'info' });
    } catch (error) {
      const message = isApiError(error) && error.status === 401 ? authFailed : failureText(error, translate, EXPORT_FAILED);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.statistics.title" />
      <Button component={Link} to={adminUrl(ROUTES.dashboard)} startIcon={<BackIcon />} sx={{ justifySelf: 'start' }}>
        {translate('app.back_to_dashboard')}
      </Button>
      <Box>
        <Typography variant="h5" component="h1">
          {translate('app.page.statistics.title')}
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary">
            {periodTitle(data)} ·{' '}
            {translate('app.statistics_page.last_updated', { date: formatDateTimeWithHijri(new Date(data.generatedAt)) })}
          </Typography>
        )}
      </Box>
      <PeriodControls value={key} onChange={setKey} onRefresh={refresh} onExport={exportExcel} busy={generating} exporting={exporting} />
      {isError && <LoadFailed message="app.statistics_page.load_failed" onRetry={refetch} />}
      {data ? <Figures report={data} /> : !isError && <Skeleton variant="rounded" height={220} />}
      <Card>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_, v: TabName) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={translate('app.statistics_page.details')}
          >
            {TABS.map((t) => (
              <Tab key={t} value={t} label={translate(TAB_LABELS[t])} id={`statistics-tab-${t}`} aria-controls={`statistics-panel-${t}`} />
            ))}
          </Tabs>
        </Box>
        <CardContent role="tabpanel" id={`statistics-panel-${tab}`} aria-labelledby={`statistics-tab-${tab}`}>
          {tab === 'activity' ? (
            <ActivityLogTab />
          ) : data ? (
            tab === 'statuses' ? (
              <StatusDistribution report={data} />
            ) : (
              <EventTypeDistribution report={data} />
            )
          ) : (
            <Skeleton variant="rounded" height={200} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
