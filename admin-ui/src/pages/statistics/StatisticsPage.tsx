import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { CO2E_KG_PER_FOOD_KG, KG_PER_MEAL, MEALS_PER_FAMILY } from '@shared/constants';
import { REQUEST_STATUSES, REQUEST_STATUS_LABELS } from '@shared/labels';
import { currentPeriod, type PeriodKey, type StatisticsReport } from '@shared/statistics';
import { BackIcon } from '../../components/DirectionalIcons';
import { PageTitle } from '../../components/PageTitle';
import { isApiError } from '../../providers/httpClient';
import { getValidSession } from '../../providers/session';
import { adminUrl, ROUTES } from '../../routes';
import { ActivityLogTab } from './ActivityLogTab';
import { PeriodControls } from './PeriodControls';
import { EventTypeDistribution, StatusDistribution } from './StatisticsCharts';
import { ACTIVITY_KEY, downloadStatistics, fetchStatistics, generateStatistics, statisticsKey } from './statisticsApi';
import { formatNumber, periodTitle } from './statisticsFormat';

const TABS = ['statuses', 'eventTypes', 'activity'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS: Record<TabName, string> = { statuses: 'توزيع الحالات', eventTypes: 'أنواع المناسبات', activity: 'سجل النشاط' };

// The spec's toasts (admin-side section 8), word for word, with the server's message when there is one.
const GENERATE_FAILED = 'فشل في تحديث الإحصائيات';
const LOAD_FAILED = 'فشل في استرجاع الإحصائيات';
const EXPORT_FAILED = 'خطأ في التصدير';
const AUTH_FAILED = 'خطأ في المصادقة';
const AUTH_HINT = 'يرجى تسجيل الدخول مرة أخرى';
const withMessage = (title: string, error: unknown) => (isApiError(error) ? `${title}: ${error.message}` : title);

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

const Figures = ({ report }: { report: StatisticsReport }) => (
  <>
    <Box
      component="section"
      aria-label="عدادات الحالات"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' } }}
    >
      {REQUEST_STATUSES.map((s) => (
        <Figure key={s} label={REQUEST_STATUS_LABELS[s]} value={formatNumber(report.statusCounts[s])} />
      ))}
    </Box>
    <Box
      component="section"
      aria-label="الإجماليات"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <Figure label="إجمالي الطلبات" value={formatNumber(report.totalRequests)} />
      <Figure
        label="الطعام المحفوظ (كجم)"
        value={formatNumber(report.food.totalKg)}
        hint={`تقديري ${formatNumber(report.food.estimatedKg)} كجم · موزون ${formatNumber(report.food.weighedKg)} كجم (${formatNumber(report.food.weighedRequests)} طلب)`}
      />
      <Figure label="نسبة النجاح" value={`${formatNumber(report.successRate)}%`} hint="المكتملة من الطلبات المنتهية (عدا النشطة)" />
    </Box>
    <Typography variant="body2" color="text.secondary">
      تقديري: {formatNumber(report.food.meals)} وجبة (الكيلوجرامات ÷ {KG_PER_MEAL}) · {formatNumber(report.food.familiesBenefited)} أسرة
      مستفيدة (الوجبات ÷ {MEALS_PER_FAMILY}) · {formatNumber(report.food.co2eKg)} كجم مكافئ ثاني أكسيد الكربون متجنب (الكيلوجرامات ×{' '}
      {CO2E_KG_PER_FOOD_KG})
    </Typography>
  </>
);

/** /admin/statistics (spec: admin-side section 2). Opening it generates all three periods. */
export const StatisticsPage = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [key, setKey] = useState<PeriodKey>(() => currentPeriod('daily', new Date()));
  const [tab, setTab] = useState<TabName>('statuses');
  const [generating, setGenerating] = useState(true);
  const [exporting, setExporting] = useState(false);

  const generateAll = async (keys: PeriodKey[]) => {
    setGenerating(true);
    try {
      const reports = await Promise.all(keys.map((k) => generateStatistics(k)));
      keys.forEach((k, i) => queryClient.setQueryData(statisticsKey(k), reports[i]));
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
      return true;
    } catch (error) {
      const message = withMessage(GENERATE_FAILED, error);
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

  const { data, error, isError, errorUpdatedAt, refetch } = useQuery({
    queryKey: statisticsKey(key),
    queryFn: () => fetchStatistics(key),
    enabled: !generating,
  });
  // One toast per failed load; the inline alert below keeps the retry button.
  useEffect(() => {
    if (!isError) return;
    const message = withMessage(LOAD_FAILED, error);
    notify(message, { type: 'error', messageArgs: { _: message } });
  }, [isError, errorUpdatedAt]);

  const refresh = async () => {
    if (await generateAll([key])) notify('تم تحديث الإحصائيات', { type: 'success' });
  };
  const exportExcel = async () => {
    const authFailed = `${AUTH_FAILED}: ${AUTH_HINT}`;
    if (!getValidSession()) return notify(authFailed, { type: 'error', messageArgs: { _: authFailed } });
    setExporting(true);
    try {
      await downloadStatistics(key);
      notify('بدأ تنزيل ملف Excel', { type: 'info' });
    } catch (error) {
      const message = isApiError(error) && error.status === 401 ? authFailed : withMessage(EXPORT_FAILED, error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.statistics.title" />
      <Button component={Link} to={adminUrl(ROUTES.dashboard)} startIcon={<BackIcon />} sx={{ justifySelf: 'start' }}>
        العودة إلى لوحة التحكم
      </Button>
      <Box>
        <Typography variant="h5" component="h1">
          الإحصائيات
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary">
            {periodTitle(data)} · آخر تحديث {formatDateTimeWithHijri(new Date(data.generatedAt))}
          </Typography>
        )}
      </Box>
      <PeriodControls value={key} onChange={setKey} onRefresh={refresh} onExport={exportExcel} busy={generating} exporting={exporting} />
      {isError && (
        <Alert severity="error" action={<Button onClick={() => refetch()}>إعادة المحاولة</Button>}>
          تعذّر تحميل الإحصائيات
        </Alert>
      )}
      {data ? <Figures report={data} /> : !isError && <Skeleton variant="rounded" height={220} />}
      <Card>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_, v: TabName) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="تفاصيل الإحصائيات"
          >
            {TABS.map((t) => (
              <Tab key={t} value={t} label={TAB_LABELS[t]} id={`statistics-tab-${t}`} aria-controls={`statistics-panel-${t}`} />
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
