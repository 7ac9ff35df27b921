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
import { List, useDataProvider, useListContext, useNotify, useRefresh, useTranslate, type TranslateFunction } from 'react-admin';
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

function headline(report: ImpactReport, translate: TranslateFunction): string | null {
  try {
    const data = JSON.parse(report.reportData) as ImpactReportData;
    return translate('app.impact_reports_list.headline', {
      requests: numbers.format(data.completedRequests),
      kg: numbers.format(data.totalFoodSaved),
      families: numbers.format(data.familiesBenefited),
    });
  } catch {
    return null;
  }
}

const ReportCard = ({ report }: { report: ImpactReport }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [busy, setBusy] = useState(false);
  const link = shareUrl(report.shareToken);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(translate('app.impact_reports_list.link_copied'), { type: 'success' });
    } catch {
      notify(translate('app.resource_shared.copy_manually', { link }), { type: 'info', autoHideDuration: 15000 });
    }
  };
  const toggle = async () => {
    setBusy(true);
    try {
      await setImpactVisibility(dataProvider, report, !report.isPublic);
      notify(translate(report.isPublic ? 'app.impact_reports_list.made_private' : 'app.impact_reports_list.made_public'), {
        type: 'success',
      });
      refresh();
    } catch {
      notify(translate('app.impact_reports_list.visibility_failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const pdf = async () => {
    try {
      await downloadImpactPdf(dataProvider, report);
    } catch {
      notify(translate('app.impact_reports_list.download_failed'), { type: 'error' });
    }
  };
  return (
    <Card component="li" aria-label={report.title} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ marginInlineEnd: 'auto' }}>
            {report.title}
          </Typography>
          <Chip
            size="small"
            color={report.isPublic ? 'success' : 'default'}
            label={translate(report.isPublic ? 'app.impact_reports_list.public' : 'app.impact_reports_list.private')}
          />
          <Chip
            size="small"
            variant="outlined"
            label={IMPACT_PERIOD_TYPE_LABELS[report.periodType as ImpactPeriodType] ?? report.periodType}
          />
        </Box>
        {report.description && <Typography color="text.secondary">{report.description}</Typography>}
        <Typography variant="body2">
          {translate('app.impact_reports_list.period', {
            from: formatGregorianAr(report.startDate),
            from_hijri: formatHijriAr(report.startDate),
            to: formatGregorianAr(report.endDate),
            to_hijri: formatHijriAr(report.endDate),
          })}
        </Typography>
        {headline(report, translate) && <Typography variant="body2">{headline(report, translate)}</Typography>}
        <Typography variant="caption" color="text.secondary">
          {translate('app.impact_reports_list.views_created', {
            views: numbers.format(report.views),
            date: formatGregorianAr(new Date(report.createdAt)),
          })}
          {report.createdBy ? (
            <>
              {' '}
              {translate('app.shared.by')} <ActorName name={report.createdBy} />
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
                slotProps={{ input: { 'aria-label': translate('app.impact_reports_list.public_label', { title: report.title }) } }}
              />
            }
            label={translate('app.impact_reports_list.public_switch')}
          />
          <Box sx={{ marginInlineStart: 'auto', display: 'flex', gap: 0.5 }}>
            <Tooltip title={translate('app.impact_reports_list.copy_link')}>
              <IconButton aria-label={translate('app.impact_reports_list.copy_link_label', { title: report.title })} onClick={copy}>
                <CopyIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={translate('app.impact_reports_list.open_share')}>
              <IconButton
                aria-label={translate('app.impact_reports_list.open_share_label', { title: report.title })}
                component={Link}
                href={link}
                target="_blank"
                rel="noopener"
              >
                <OpenIcon />
              </IconButton>
            </Tooltip>
            <Button
              startIcon={<PdfIcon />}
              onClick={pdf}
              aria-label={translate('app.resource_shared.download_pdf', { format: 'PDF', name: report.title })}
            >
              PDF
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
};

const ReportCards = () => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<ImpactReport>();
  if (isPending) return <Skeleton variant="rounded" height={180} />;
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ padding: 3, textAlign: 'center' }}>
        {translate('app.impact_reports_list.empty')}
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
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.impact_reports.title" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ marginInlineEnd: 'auto' }}>
          {translate('app.page.impact_reports.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate('app.impact_reports_list.new_report')}
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
