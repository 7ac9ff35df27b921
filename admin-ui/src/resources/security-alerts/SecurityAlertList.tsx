import { Box, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { List, SelectInput, useListContext, useTranslate } from 'react-admin';
import { SECURITY_ALERT_SEVERITIES, SECURITY_ALERT_TYPES, type SecurityAlertRow } from '@shared/api/security';
import { PageTitle } from '../../components/PageTitle';
import { AlertItem, alertTypeLabel, severityLabel, useResolveAlert } from './AlertItem';
import { BooleanFilterToggle } from '../../components/BooleanFilterToggle';
import { ListPagination } from '../../components/ListPagination';

const SORTS = {
  newest: { field: 'createdAt', order: 'DESC' },
  oldest: { field: 'createdAt', order: 'ASC' },
  most_serious: { field: 'severity', order: 'DESC' },
} as const;
type SortName = keyof typeof SORTS;

/** Open / resolved / all: the `resolved` filter; the list opens on the open ones. */
const StateToggle = () => (
  <BooleanFilterToggle
    source="resolved"
    label="app.security_lists.alerts.state_label"
    options={[
      { value: false, label: 'app.security_lists.alerts.open' },
      { value: true, label: 'app.security_lists.alerts.resolved' },
      { value: null, label: 'app.security_lists.alerts.all' },
    ]}
  />
);

const SortSelect = () => {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const current =
    (Object.keys(SORTS) as SortName[]).find((k) => SORTS[k].field === sort.field && SORTS[k].order === sort.order) ?? 'newest';
  return (
    <TextField
      select
      size="small"
      label={translate('app.security_lists.alerts.sort')}
      value={current}
      onChange={(e) => setSort({ ...SORTS[e.target.value as SortName] })}
      sx={{ minWidth: 170 }}
    >
      {(Object.keys(SORTS) as SortName[]).map((k) => (
        <MenuItem key={k} value={k}>
          {translate(`app.security_lists.alerts.${k}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

const AlertItems = () => {
  const translate = useTranslate();
  const resolve = useResolveAlert();
  const { data, isPending, filterValues } = useListContext<SecurityAlertRow>();
  if (isPending) return <Skeleton variant="rounded" height={160} />;
  if (!data?.length) {
    const onlyOpen = filterValues.resolved === false && !filterValues.severity && !filterValues.alertType;
    return (
      <Typography color="text.secondary" sx={{ padding: 3, textAlign: 'center' }}>
        {translate(onlyOpen ? 'app.security_lists.alerts.empty_open' : 'app.security_lists.alerts.empty')}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', margin: 0, padding: { xs: 1, sm: 2 } }} aria-labelledby="alerts-heading">
      {data.map((alert) => (
        <AlertItem key={alert.id} alert={alert} resolve={resolve} />
      ))}
    </Stack>
  );
};

/**
 * /admin/security-alerts: every alert, paged. It opens on the open alerts, newest first: that is the
 * administrator's work queue (each has its resolve action); resolved ones are one tap away.
 */
export const SecurityAlertList = () => {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="severity"
      source="severity"
      alwaysOn
      label={translate('app.security_lists.alerts.severity')}
      emptyText={translate('app.security_lists.alerts.any')}
      choices={SECURITY_ALERT_SEVERITIES.map((id) => ({ id, name: severityLabel(id) }))}
      sx={{ minWidth: 150 }}
    />,
    <SelectInput
      key="alertType"
      source="alertType"
      alwaysOn
      label={translate('app.security_lists.alerts.type')}
      emptyText={translate('app.security_lists.alerts.any')}
      choices={SECURITY_ALERT_TYPES.map((id) => ({ id, name: alertTypeLabel(translate, id) }))}
      sx={{ minWidth: 220 }}
    />,
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.security_lists.alerts.title" />
      <Typography id="alerts-heading" variant="h5" component="h1">
        {translate('app.security_lists.alerts.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.security_lists.alerts.intro')}</Typography>
      <List
        resource="security-alerts"
        title={<span />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filterDefaultValues={{ resolved: false }}
        perPage={25}
        filters={filters}
        actions={false}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ padding: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <StateToggle />
          <SortSelect />
        </Box>
        <AlertItems />
      </List>
    </Box>
  );
};
