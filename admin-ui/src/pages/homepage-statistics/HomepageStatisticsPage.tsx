import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, TextField, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminHomepageStatistics, ManualHomepageStatistics } from '@shared/api/reports';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { ActorName } from '../../components/ActorName';
import { BackIcon } from '../../components/DirectionalIcons';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageTitle } from '../../components/PageTitle';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';
import { adminUrl, ROUTES } from '../../routes';
import { acceptWholeNumber, FIELDS, toFigures, type FigureField } from './homepageFigures';
import { HOME_FIGURES } from '@shared/homepage-figures';
import { LoadFailed } from '../../components/LoadFailed';

const KEY = ['admin', 'homepage-statistics'] as const;

const numbers = new Intl.NumberFormat('ar-SA-u-nu-latn');

/** The public block as visitors see it (same four figures, same order and words as the home page). */
const Preview = ({ figures }: { figures: ManualHomepageStatistics }) => {
  const translate = useTranslate();
  return (
    <Box
      aria-label={translate('app.homepage_statistics.preview_label')}
      role="group"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        padding: 2,
        borderRadius: 2,
        bgcolor: 'primary.tint',
      }}
    >
      {HOME_FIGURES.map(({ key, manualField, label, estimate }) => (
        <Box key={key} sx={{ bgcolor: 'background.paper', borderRadius: 2, padding: 1.5, textAlign: 'center', minWidth: 0 }}>
          <Typography
            component="p"
            sx={{ fontSize: { xs: 24, sm: 30 }, fontWeight: 800, color: 'primary.main', fontVariantNumeric: 'tabular-nums' }}
          >
            {numbers.format(figures[manualField])}
          </Typography>
          <Typography variant="body2">{label}</Typography>
          {estimate && (
            <Chip size="small" label={translate('app.homepage_statistics.estimate')} variant="outlined" sx={{ marginBlockStart: 0.5 }} />
          )}
        </Box>
      ))}
    </Box>
  );
};

/** /admin/homepage-statistics (spec: admin-side sections 2 and 5): the five figures with a live preview. */
export const HomepageStatisticsPage = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: KEY,
    queryFn: () => dataProvider.getHomepageFigures().then(({ data: figures }) => figures),
  });
  const [values, setValues] = useState<Record<FigureField, string> | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  useEffect(() => {
    if (data && values === null) {
      const start = data.manual ?? data.computed;
      setValues(Object.fromEntries(FIELDS.map((field) => [field, String(Math.round(start[field]))])) as Record<FigureField, string>);
    }
  }, [data, values]);

  const done = (result: { message: string; statistics: AdminHomepageStatistics }) => {
    queryClient.setQueryData(KEY, result.statistics);
    notify(result.message, { type: 'success' });
  };
  const save = async () => {
    if (!values) return;
    setSaving(true);
    try {
      done((await dataProvider.saveHomepageFigures(toFigures(values))).data);
    } catch (error) {
      notify(isApiError(error) ? error.message : translate('app.homepage_statistics.save_failed'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const reset = async () => {
    setConfirmReset(false);
    try {
      const { data: result } = await dataProvider.resetHomepageFigures();
      done(result);
      setValues(
        Object.fromEntries(FIELDS.map((field) => [field, String(Math.round(result.statistics.computed[field]))])) as Record<
          FigureField,
          string
        >,
      );
    } catch (error) {
      notify(isApiError(error) ? error.message : translate('app.homepage_statistics.reset_failed'), { type: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, paddingBlock: 1, maxWidth: 1080, minWidth: 0 }}>
      <PageTitle title="app.page.homepage_statistics.title" />
      <Button component={Link} to={adminUrl(ROUTES.dashboard)} startIcon={<BackIcon />} sx={{ justifySelf: 'start' }}>
        {translate('app.back_to_dashboard')}
      </Button>
      <Typography variant="h5" component="h1">
        {translate('app.page.homepage_statistics.title')}
      </Typography>
      {isError && <LoadFailed message="app.homepage_statistics.load_failed" onRetry={refetch} />}
      {isPending || !values || !data ? (
        !isError && <Skeleton variant="rounded" height={320} />
      ) : (
        <>
          <Alert severity={data.manual ? 'info' : 'success'}>
            {data.manual ? (
              <>
                {translate('app.homepage_statistics.manual_by')}{' '}
                {data.manual.updatedBy ? <ActorName name={data.manual.updatedBy} /> : translate('app.homepage_statistics.someone')}{' '}
                {translate('app.homepage_statistics.manual_at', { date: formatDateTimeWithHijri(new Date(data.manual.updatedAt)) })}
              </>
            ) : (
              translate('app.homepage_statistics.computed_notice')
            )}
          </Alert>
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2.5 }}>
              <Box
                component="form"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void save();
                }}
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
                }}
              >
                {FIELDS.map((field) => (
                  <TextField
                    key={field}
                    label={translate(`app.homepage_statistics.fields.${field}`)}
                    value={values[field]}
                    onChange={(e) => {
                      const next = acceptWholeNumber(e.target.value);
                      if (next !== null) setValues({ ...values, [field]: next });
                    }}
                    helperText={translate('app.homepage_statistics.computed', { value: numbers.format(Math.round(data.computed[field])) })}
                    slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'aria-describedby': undefined } }}
                  />
                ))}
                <button type="submit" hidden />
              </Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {translate('app.homepage_statistics.preview_title')}
              </Typography>
              <Preview figures={toFigures(values)} />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" onClick={save} disabled={saving}>
                  {translate('app.homepage_statistics.save')}
                </Button>
                {data.manual && (
                  <Button color="inherit" onClick={() => setConfirmReset(true)}>
                    {translate('app.homepage_statistics.reset')}
                  </Button>
                )}
              </Box>
            </CardContent>
          </Card>
        </>
      )}
      {confirmReset && (
        <ConfirmDialog
          title={translate('app.homepage_statistics.reset')}
          text={translate('app.homepage_statistics.reset_text')}
          confirmLabel={translate('app.homepage_statistics.reset_confirm')}
          onConfirm={reset}
          onCancel={() => setConfirmReset(false)}
        />
      )}
    </Box>
  );
};
