import { Box, Link, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { List, ListBase, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';
import { Panel } from '../../pages/main/Panel';
import { adminUrl, ROUTES } from '../../routes';
import { CreateEmergencyCodeButton } from './CreateEmergencyCodeDialog';
import { EmergencyCodesTable } from './EmergencyCodesTable';
import { BooleanFilterToggle } from '../../components/BooleanFilterToggle';
import { ListPagination } from '../../components/ListPagination';

/** All / active / stopped: the `isActive` filter. */
const ActiveToggle = () => (
  <BooleanFilterToggle
    source="isActive"
    label="app.security_lists.emergency_codes.status_filter"
    options={[
      { value: null, label: 'app.security_lists.emergency_codes.all' },
      { value: true, label: 'app.security_lists.emergency_codes.active' },
      { value: false, label: 'app.security_lists.emergency_codes.inactive' },
    ]}
  />
);

/** /admin/emergency-codes: every emergency code, paged, newest first, with create, stop, activate, delete. */
export const EmergencyCodeList = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.security_lists.emergency_codes.title" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="emergency-codes-heading" variant="h5" component="h1" sx={{ marginInlineEnd: 'auto' }}>
          {translate('app.security_lists.emergency_codes.title')}
        </Typography>
        <CreateEmergencyCodeButton />
      </Box>
      <Typography color="text.secondary">{translate('app.emergency_codes.description')}</Typography>
      <List
        resource="emergency-codes"
        title={<span />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        actions={false}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ padding: { xs: 1, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
          <ActiveToggle />
          <EmergencyCodesTable labelledBy="emergency-codes-heading" />
        </Box>
      </List>
    </Box>
  );
};

/**
 * The settings page's panel (spec: "Emergency codes management: list and create"): the newest codes,
 * five to a page, create, and a link to the full list.
 */
export const EmergencyCodesPanel = () => {
  const translate = useTranslate();
  return (
    <Panel
      id="emergency-codes-title"
      title={translate('app.emergency_codes.title')}
      icon={<KeyIcon />}
      action={<CreateEmergencyCodeButton />}
    >
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 2 }}>
        {translate('app.emergency_codes.description')}
      </Typography>
      <ListBase resource="emergency-codes" sort={{ field: 'createdAt', order: 'DESC' }} perPage={5} disableSyncWithLocation>
        <EmergencyCodesTable labelledBy="emergency-codes-title" />
        <ListPagination rowsPerPageOptions={[]} />
      </ListBase>
      <Link
        component={RouterLink}
        to={adminUrl(ROUTES.emergencyCodes)}
        sx={{ display: 'inline-flex', minHeight: 44, alignItems: 'center' }}
      >
        {translate('app.security_lists.emergency_codes.view_all')}
      </Link>
    </Panel>
  );
};
