import { useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, Link, Skeleton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { List, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { CertificateRow } from '@shared/api/certificates';
import { formatDateWithHijri } from '@shared/arabic-date';
import { formatFigure } from '@shared/certificates';
import { Ltr } from '../../components/Ltr';
import { ListPagination } from '../../components/ListPagination';
import { PageTitle } from '../../components/PageTitle';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import type { CharityDataProvider } from '../../providers/customMethods';
import { errorMessage } from '../../providers/errorMessage';
import { formatInstant } from '../../pages/main/format';
import { certificateFileName, certificatePdfPath, downloadCertificatePdf } from './certificatesApi';
import { CreatePlaceCertificateDialog } from './CreatePlaceCertificateDialog';
import { RequestCertificateDialog } from './RequestCertificateDialog';

const KINDS = [
  { value: 'all', label: 'الكل' },
  { value: 'request', label: 'طلبات' },
  { value: 'place', label: 'أماكن' },
] as const;

/** All, requests' or places' certificates: the `kind` filter as one tap. */
const KindFilter = () => {
  const { filterValues, setFilters } = useListContext();
  const current = typeof filterValues.kind === 'string' ? filterValues.kind : 'all';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={current}
      aria-label="نوع الشهادة"
      onChange={(_, value: string | null) => {
        if (!value) return;
        const { kind: _dropped, ...rest } = filterValues as Record<string, unknown>;
        setFilters(value === 'all' ? rest : { ...rest, kind: value }, {});
      }}
      sx={{ '& .MuiToggleButton-root': { minHeight: 44, paddingInline: 2 } }}
    >
      {KINDS.map((k) => (
        <ToggleButton key={k.value} value={k.value}>
          {k.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};

const Actions = ({ row }: { row: CertificateRow }) => {
  const notify = useNotify();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(row.verifyUrl);
      notify('تم نسخ رابط التحقق إلى الحافظة', { type: 'success' });
    } catch {
      notify(`انسخ الرابط: ${row.verifyUrl}`, { type: 'info', autoHideDuration: 15000 });
    }
  };
  const pdf = async () => {
    try {
      await downloadCertificatePdf(dataProvider, certificatePdfPath(row), certificateFileName(row));
    } catch {
      notify('تعذّر تحميل الشهادة', { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button startIcon={<PdfIcon />} onClick={pdf} aria-label={`تحميل PDF: ${row.subject}`} sx={{ minHeight: 44 }}>
        PDF
      </Button>
      <Tooltip title="نسخ رابط التحقق">
        <IconButton aria-label={`نسخ رابط التحقق: ${row.subject}`} onClick={copy}>
          <CopyIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="فتح صفحة التحقق">
        <IconButton aria-label={`فتح صفحة التحقق: ${row.subject}`} component={Link} href={row.verifyUrl} target="_blank" rel="noopener">
          <OpenIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
};

const CertificatesTable = () => {
  const translate = useTranslate();
  const { data, isPending, error, refetch, filterValues } = useListContext<CertificateRow>();
  if (isPending) return <Skeleton variant="rounded" height={160} />;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {translate('app.common.retry')}
          </Button>
        }
      >
        {errorMessage(error, translate, 'app.common.load_failed')}
      </Alert>
    );
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ paddingBlock: 1 }}>
        {filterValues.kind
          ? 'لا توجد شهادات من هذا النوع بعد.'
          : 'لا توجد شهادات بعد. تصدر شهادة الطلب عند تحميلها من الطلب المكتمل، ويمكن إصدار شهادة لمكان من هنا.'}
      </Typography>
    );
  return (
    <ResponsiveTable
      rows={data}
      rowKey={(row) => row.id}
      labelledBy="certificates-heading"
      rowTestId="certificate-row"
      minWidth={900}
      columns={[
        { label: 'الجهة', render: (row) => row.subject, title: true, sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
        {
          label: 'النوع',
          render: (row) => (
            <Chip
              size="small"
              variant="outlined"
              color={row.kind === 'place' ? 'primary' : 'success'}
              label={row.kind === 'place' ? 'مكان' : 'طلب'}
            />
          ),
        },
        {
          label: 'الطلب أو الفترة',
          render: (row) =>
            row.kind === 'request' ? (
              <Ltr>#{row.requestId}</Ltr>
            ) : (
              `من ${formatDateWithHijri(row.periodFrom!)} إلى ${formatDateWithHijri(row.periodTo!)}`
            ),
        },
        {
          label: 'الطعام المحفوظ',
          render: (row) => (
            <>
              <Ltr>{formatFigure(row.foodKg)}</Ltr> كجم · <Ltr>{formatFigure(row.meals)}</Ltr> وجبة (تقديري)
            </>
          ),
          sx: { whiteSpace: 'nowrap' },
        },
        {
          label: 'صدرت',
          render: (row) => (
            <>
              {formatInstant(row.issuedAt)}
              {' · '}
              {row.issuedBy ? <Ltr>{row.issuedBy}</Ltr> : 'من صفحة صاحب الطلب'}
            </>
          ),
        },
        { label: 'الإجراءات', render: (row) => <Actions row={row} /> },
      ]}
    />
  );
};

/** /admin/certificates: the thank-you certificates issued (requests' and places'), newest first, and a place's certificate. */
export const CertificateList = () => {
  const [creating, setCreating] = useState(false);
  const [byRequest, setByRequest] = useState(false);
  const refresh = useRefresh();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.certificates.title" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="certificates-heading" variant="h5" component="h1" sx={{ marginInlineEnd: 'auto' }}>
          شهادات الشكر
        </Typography>
        <Button variant="outlined" startIcon={<PdfIcon />} onClick={() => setByRequest(true)} sx={{ minHeight: 44 }}>
          شهادة طلب
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ minHeight: 44 }}>
          شهادة لمكان
        </Button>
      </Box>
      <Typography color="text.secondary">
        كل شهادة تحمل رمز QR لصفحة تحقق عامة تعرض أرقامها كما صدرت. شهادة الطلب تصدر من الطلب المكتمل (أو من صفحة صاحب الطلب).
      </Typography>
      <List
        resource="certificates"
        title={<span />}
        sort={{ field: 'issuedAt', order: 'DESC' }}
        perPage={25}
        actions={false}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ padding: { xs: 1, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
          <KindFilter />
          <CertificatesTable />
        </Box>
      </List>
      {byRequest && (
        <RequestCertificateDialog
          onClose={(issued) => {
            setByRequest(false);
            if (issued) refresh();
          }}
        />
      )}
      {creating && (
        <CreatePlaceCertificateDialog
          onClose={(created) => {
            setCreating(false);
            if (created) refresh();
          }}
        />
      )}
    </Box>
  );
};
