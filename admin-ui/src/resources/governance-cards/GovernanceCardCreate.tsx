import { Box, Typography } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { BackToListButton } from '../../components/BackToListButton';
import { PageTitle } from '../../components/PageTitle';
import { GovernanceCardForm } from './GovernanceCardForm';
import { useGovernanceSave } from './useGovernanceSave';

/** /admin/governance-cards/create. */
export const GovernanceCardCreate = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960, minWidth: 0 }}>
      <PageTitle title="app.governance.create_title" />
      <BackToListButton resource="governance-cards" label="app.governance.back_to_list" />
      <Typography variant="h5" component="h1">
        {translate('app.governance.create_title')}
      </Typography>
      <Create resource="governance-cards" title={<span />} mutationOptions={useGovernanceSave('app.governance.created')}>
        <GovernanceCardForm />
      </Create>
    </Box>
  );
};
