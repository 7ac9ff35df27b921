import { Box, Typography } from '@mui/material';
import { Edit, useTranslate } from 'react-admin';
import { BackToListButton } from '../../components/BackToListButton';
import { PageTitle } from '../../components/PageTitle';
import { GovernanceCardForm } from './GovernanceCardForm';
import { useGovernanceSave } from './useGovernanceSave';

/** /admin/governance-cards/:id. */
export const GovernanceCardEdit = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960, minWidth: 0 }}>
      <PageTitle title="app.governance.edit_title" />
      <BackToListButton resource="governance-cards" label="app.governance.back_to_list" />
      <Typography variant="h5" component="h1">
        {translate('app.governance.edit_title')}
      </Typography>
      <Edit
        resource="governance-cards"
        title={<span />}
        actions={false}
        mutationMode="pessimistic"
        mutationOptions={useGovernanceSave('app.governance.updated')}
      >
        <GovernanceCardForm />
      </Edit>
    </Box>
  );
};
