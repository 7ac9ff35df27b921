import { useState } from 'react';
import { Box, Button, Chip, IconButton, Link, Skeleton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
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
import { formatInstant } from '../../pages/main/format';
import { certificateFileName, certificatePdfPath, downloadCertificatePdf } from './certificatesApi';
import { CreatePlaceCertificateDialog } from './CreatePlaceCertificateDialog';
import { RequestCertificateDialog } from './RequestCertificateDialog';
import { LoadFailed } from '../../components/LoadFailed';

const KINDS = [
  { value: 'all', label: 'app.certificates_list.kind_all' },
  { value: 'request', label: 'app.certificates_list.kind_requests' },
  { value: 'place', label: 'app.certificates_list.kind_places' },
] as const;

/** All, requests' or places' certificates: the `kind` filter as one tap. */
const KindFilter = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const current = typeof filterValues.kind === 'string' ? filterValues.kind : 'all';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={current}
      aria-label={translate('app.certificates_list.kind_filter')}
      onChange={(_, value: string | null) => {
        if (!value) return;
        const { kind: _dropped, ...rest } = filterValues as Record<string, unknown>;
        setFilters(value === 'all' ? rest : { ...rest, kind: value }, {});
      }}
      sx={{ '& .MuiToggleButton-root': { minHeight: 44, paddingInline: 2 } }}
    >
      {KINDS.map((k) => (
        <ToggleButton key={k.value} value={k.value}>
          {translate(k.label)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};

const Actions = ({ row }: { row: CertificateRow }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(row.verifyUrl);
      notify(translate('app.certificates_list.link_copied'), { type: 'success' });
    } catch {
      notify(translate('app.resource_shared.copy_manually', { link: row.verifyUrl }), { type: 'info', autoHideDuration: 15000 });
    }
  };
  const pdf = async () => {
    try {
      await downloadCertificatePdf(dataProvider, certificatePdfPath(row), certificateFileName(row));
    } catch {
      notify(translate('app.certificates_list.download_failed'), { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        startIcon={<PdfIcon />}
        onClick={pdf}
        aria-label={translate('app.resource_shared.download_pdf', { format: 'PDF', name: row.subject })}
        sx={{ minHeight: 44 }}
      >
        PDF
      </Button>
      <Tooltip title={translate('app.certificates_list.copy_verify')}>
        <IconButton aria-label={translate('app.certificates_list.copy_verify_label', { subject: row.subject })} onClick={copy}>
          <CopyIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('app.certificates_list.open_verify')}>
        <IconButton
          aria-label={translate('app.certificates_list.open_verify_label', { subject: row.subject })}
          component={Link}
          href={row.verifyUrl}
          target="_blank"
          rel="noopener"
        >
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
  if (error) return <LoadFailed error={error} onRetry={refetch} />;
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ paddingBlock: 1 }}>
        {filterValues.kind ? translate('app.certificates_list.empty_kind') : translate('app.certificates_list.empty')}
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
        {
          label: translate('app.certificates_list.subject'),
          render: (row) => row.subject,
          title: true,
          sx: { fontWeight: 600, overflowWrap: 'anywhere' },
        },
        {
          label: translate('app.certificates_list.kind'),
          render: (row) => (
            <Chip
              size="small"
              variant="outlined"
              color={row.kind === 'place' ? 'primary' : 'success'}
              label={translate(row.kind === 'place' ? 'app.certificates_list.kind_place' : 'app.certificates_list.kind_request')}
            />
          ),
        },
        {
          label: translate('app.certificates_list.request_or_period'),
          render: (row) =>
            row.kind === 'request' ? (
              <Ltr>#{row.requestId}</Ltr>
            ) : (
              translate('app.certificates_list.period', {
                from: formatDateWithHijri(row.periodFrom!),
                to: formatDateWithHijri(row.periodTo!),
              })
            ),
        },
        {
          label: translate('app.certificates_list.food_saved'),
          render: (row) => (
            <>
              <Ltr>{formatFigure(row.foodKg)}</Ltr> {translate('app.certificates_list.kg')} · <Ltr>{formatFigure(row.meals)}</Ltr>{' '}
              {translate('app.certificates_list.meals_estimated')}
            </>
          ),
          sx: { whiteSpace: 'nowrap' },
        },
        {
          label: translate('app.certificates_list.issued'),
          render: (row) => (
            <>
              {formatInstant(row.issuedAt)}
              {' · '}
              {row.issuedBy ? <Ltr>{row.issuedBy}</Ltr> : translate('app.certificates_list.from_owner_page')}
            </>
          ),
        },
        { label: translate('app.certificates_list.actions'), render: (row) => <Actions row={row} /> },
      ]}
    />
  );
};

/** /admin/certificates: the thank-you certificates issued (requests' and places'), newest first, and a place's certificate. */
export const CertificateList = () => {
  const [creating, setCreating] = useState(false);
  const [byRequest, setByRequest] = useState(false);
  const refresh = useRefresh();
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.certificates.title" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="certificates-heading" variant="h5" component="h1" sx={{ marginInlineEnd: 'auto' }}>
          {translate('app.page.certificates.title')}
        </Typography>
        <Button variant="outlined" startIcon={<PdfIcon />} onClick={() => setByRequest(true)} sx={{ minHeight: 44 }}>
          {translate('app.certificates_list.request_certificate')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ minHeight: 44 }}>
          {translate('app.certificates_list.place_certificate')}
        </Button>
      </Box>
      <Typography color="text.secondary">{translate('app.certificates_list.intro', { code: 'QR' })}</Typography>
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
