import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  Link,
  Skeleton,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { List, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import type { ImpactReport, ImpactReportData } from '@shared/api/reports';
import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { IMPACT_PERIOD_TYPE_LABELS, type ImpactPeriodType } from '@shared/labels';
import { ActorName } from '../../components/ActorName';
import { ListPagination } from '../../components/ListPagination';
import { PageTitle } from '../../components/PageTitle';
import type { CharityDataProvider } from '../../providers/customMethods';
import { CreateImpactReportDialog } from './CreateImpactReportDialog';
import { downloadImpactPdf, setImpactVisibility, shareUrl } from './impactApi';

const numbers = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 1 });

function headline(report: ImpactReport): string | null {
  try {
    const data = JSON.parse(report.reportData) as ImpactReportData;
    return `${numbers.format(data.completedRequests)} طلب مكتمل · ${numbers.format(data.totalFoodSaved)} كجم · ${numbers.format(data.familiesBenefited)} أسرة (تقديري)`;
  } catch {
    return null;
  }
}

const ReportCard = ({ report }: { report: ImpactReport }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [busy, setBusy] = useState(false);
  const link = shareUrl(report.shareToken);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify('تم نسخ رابط التقرير إلى الحافظة', { type: 'success' });
    } catch {
      notify(`انسخ الرابط: ${link}`, { type: 'info', autoHideDuration: 15000 });
    }
  };
  const toggle = async () => {
    setBusy(true);
    try {
      await setImpactVisibility(dataProvider, report, !report.isPublic);
      notify(report.isPublic ? 'أصبح التقرير خاصاً ولن يفتح رابطه' : 'أصبح التقرير عاماً', { type: 'success' });
      refresh();
    } catch {
      notify('تعذّر تغيير ظهور التقرير', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const pdf = async () => {
    try {
      await downloadImpactPdf(dataProvider, report);
    } catch {
      notify('فشل في تحميل التقرير', { type: 'error' });
    }
  };
  return (
    <Card component="li" aria-label={report.title} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ marginInlineEnd: 'auto' }}>
            {report.title}
          </Typography>
          <Chip size="small" color={report.isPublic ? 'success' : 'default'} label={report.isPublic ? 'عام' : 'خاص'} />
          <Chip
            size="small"
            variant="outlined"
            label={IMPACT_PERIOD_TYPE_LABELS[report.periodType as ImpactPeriodType] ?? report.periodType}
          />
        </Box>
        {report.description && <Typography color="text.secondary">{report.description}</Typography>}
        <Typography variant="body2">
          من {formatGregorianAr(report.startDate)} ({formatHijriAr(report.startDate)}) إلى {formatGregorianAr(report.endDate)} (
          {formatHijriAr(report.endDate)})
        </Typography>
        {headline(report) && <Typography variant="body2">{headline(report)}</Typography>}
        <Typography variant="caption" color="text.secondary">
          {numbers.format(report.views)} مشاهدة · أُنشئ {formatGregorianAr(new Date(report.createdAt))}
          {report.createdBy ? (
            <>
              {' '}
              بواسطة <ActorName name={report.createdBy} />
            </>
          ) : null}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Switch
                checked={report.isPublic}
                onChange={toggle}
                disabled={busy}
                slotProps={{ input: { 'aria-label': `تقرير عام: ${report.title}` } }}
              />
            }
            label="عام (يفتح بالرابط)"
          />
          <Box sx={{ marginInlineStart: 'auto', display: 'flex', gap: 0.5 }}>
            <Tooltip title="نسخ الرابط">
              <IconButton aria-label={`نسخ رابط ${report.title}`} onClick={copy}>
                <CopyIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="فتح صفحة المشاركة">
              <IconButton aria-label={`فتح صفحة ${report.title}`} component={Link} href={link} target="_blank" rel="noopener">
                <OpenIcon />
              </IconButton>
            </Tooltip>
            <Button startIcon={<PdfIcon />} onClick={pdf} aria-label={`تحميل PDF: ${report.title}`}>
              PDF
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
};

const ReportCards = () => {
  const { data, isPending } = useListContext<ImpactReport>();
  if (isPending) return <Skeleton variant="rounded" height={180} />;
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ padding: 3, textAlign: 'center' }}>
        لا توجد تقارير بعد. أنشئ أول تقرير لمشاركة أثر الجمعية.
      </Typography>
    );
  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gap: 2,
        margin: 0,
        padding: 0,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {data.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
    </Box>
  );
};

/** /admin/impact-reports (spec: admin-side section 2): the list, the create form, share links and PDFs. */
export const ImpactReportList = () => {
  const [creating, setCreating] = useState(false);
  const refresh = useRefresh();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.impact_reports.title" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ marginInlineEnd: 'auto' }}>
          تقارير الأثر
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          تقرير جديد
        </Button>
      </Box>
      <List
        resource="impact-reports"
        title={<span />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={20}
        actions={false}
        pagination={<ListPagination rowsPerPageOptions={[20, 50]} />}
        component="div"
        sx={{ minWidth: 0 }}
      >
        <ReportCards />
      </List>
      {creating && (
        <CreateImpactReportDialog
          onClose={(created) => {
            setCreating(false);
            if (created) refresh();
          }}
        />
      )}
    </Box>
  );
};
