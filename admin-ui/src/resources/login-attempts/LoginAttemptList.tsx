import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, useListContext, useTranslate } from 'react-admin';
import { LOGIN_FAILURE_REASONS, type LoginAttemptRow } from '@shared/api/security';
import { BooleanFilterToggle } from '../../components/BooleanFilterToggle';
import { Ltr } from '../../components/Ltr';
import { PageTitle } from '../../components/PageTitle';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { formatInstant } from '../../pages/main/format';
import { AttemptResult, attemptCountry, failureReasonLabel, useLoginAttemptColumns } from './loginAttemptFields';
import { ListPagination } from '../../components/ListPagination';

/** All / successful / failed: the `success` filter. */
const ResultToggle = () => (
  <BooleanFilterToggle
    source="success"
    label="app.security_lists.login_attempts.result"
    options={[
      { value: null, label: 'app.security_lists.login_attempts.all' },
      { value: true, label: 'app.security.attempts.success' },
      { value: false, label: 'app.security.attempts.failure' },
    ]}
  />
);

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ padding: 3, textAlign: 'center' }}>
      {translate('app.security_lists.login_attempts.empty')}
    </Typography>
  );
};

/** Below 600 px every attempt is a card, each value under its label. */
const AttemptCards = () => {
  const { data, isPending } = useListContext<LoginAttemptRow>();
  const columns = useLoginAttemptColumns();
  if (isPending) return null;
  if (!data?.length) return <Empty />;
  return (
    <Box sx={{ padding: 1 }}>
      <ResponsiveTable
        rows={data}
        rowKey={(r) => r.id}
        columns={columns}
        labelledBy="login-attempts-heading"
        rowTestId="login-attempt-row"
      />
    </Box>
  );
};

const AttemptGrid = () => {
  const translate = useTranslate();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={<Empty />}
      sx={{
        '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
        '& .RaDatagrid-headerCell': { fontWeight: 600, whiteSpace: 'nowrap' },
      }}
    >
      <FunctionField<LoginAttemptRow>
        label={translate('app.security.attempts.time')}
        sortBy="attemptedAt"
        render={(r) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatInstant(r.attemptedAt) ?? '—'}
          </Box>
        )}
      />
      <FunctionField<LoginAttemptRow>
        label={translate('app.security.attempts.username')}
        sortBy="username"
        render={(r) => <Ltr>{r.username}</Ltr>}
      />
      <FunctionField<LoginAttemptRow>
        label={translate('app.security.attempts.result')}
        sortable={false}
        render={(r) => <AttemptResult row={r} />}
      />
      <FunctionField<LoginAttemptRow>
        label={translate('app.security.attempts.reason')}
        sortable={false}
        render={(r) => (r.success ? '—' : failureReasonLabel(translate, r.failureReason))}
      />
      <FunctionField<LoginAttemptRow>
        label={translate('app.security.attempts.address')}
        sortable={false}
        render={(r) => (r.ipAddress ? <Ltr>{r.ipAddress}</Ltr> : '—')}
      />
      <FunctionField<LoginAttemptRow>
        label={translate('app.security.attempts.country')}
        sortable={false}
        render={(r) => attemptCountry(translate, r)}
      />
    </Datagrid>
  );
};

/** /admin/login-attempts: the whole login history, paged (the security tab shows the latest 10). */
export const LoginAttemptList = () => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.security_lists.login_attempts.search')}
      slotProps={{ htmlInput: { 'aria-label': translate('app.security_lists.login_attempts.search') } }}
      sx={{ minWidth: { sm: 320 } }}
    />,
    <SelectInput
      key="failureReason"
      source="failureReason"
      alwaysOn
      label={translate('app.security_lists.login_attempts.reason')}
      emptyText={translate('app.security_lists.login_attempts.all')}
      choices={LOGIN_FAILURE_REASONS.map((id) => ({ id, name: failureReasonLabel(translate, id) }))}
      sx={{ minWidth: 220 }}
    />,
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.security_lists.login_attempts.title" />
      <Typography id="login-attempts-heading" variant="h5" component="h1">
        {translate('app.security_lists.login_attempts.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.security_lists.login_attempts.intro')}</Typography>
      <List
        resource="login-attempts"
        title={<span />}
        sort={{ field: 'attemptedAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        actions={false}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ padding: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <ResultToggle />
        </Box>
        {phone ? <AttemptCards /> : <AttemptGrid />}
      </List>
    </Box>
  );
};
