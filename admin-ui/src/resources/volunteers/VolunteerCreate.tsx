import { Box, Typography } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { BackToListButton } from '../../components/BackToListButton';
import { PageTitle } from '../../components/PageTitle';
import { VolunteerForm } from './VolunteerForm';
import { useVolunteerSave, volunteerBody } from './useVolunteerSave';

/** /admin/volunteers/create. */
export const VolunteerCreate = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960, minWidth: 0 }}>
      <PageTitle title="app.volunteers.create_title" />
      <BackToListButton resource="volunteers" label="app.volunteers.back_to_list" />
      <Typography variant="h5" component="h1">
        {translate('app.volunteers.create_title')}
      </Typography>
      <Create resource="volunteers" title={<span />} transform={volunteerBody} mutationOptions={useVolunteerSave('app.volunteers.created')}>
        <VolunteerForm />
      </Create>
    </Box>
  );
};
