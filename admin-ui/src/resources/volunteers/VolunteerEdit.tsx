import { Box, Typography } from '@mui/material';
import { Edit, useTranslate } from 'react-admin';
import { BackToListButton } from '../../components/BackToListButton';
import { PageTitle } from '../../components/PageTitle';
import { VolunteerForm } from './VolunteerForm';
import { useVolunteerSave, volunteerBody } from './useVolunteerSave';

/** /admin/volunteers/:id. */
export const VolunteerEdit = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960, minWidth: 0 }}>
      <PageTitle title="app.volunteers.edit_title" />
      <BackToListButton resource="volunteers" label="app.volunteers.back_to_list" />
      <Typography variant="h5" component="h1">
        {translate('app.volunteers.edit_title')}
      </Typography>
      <Edit
        resource="volunteers"
        title={<span />}
        actions={false}
        mutationMode="pessimistic"
        transform={volunteerBody}
        mutationOptions={useVolunteerSave('app.volunteers.updated')}
      >
        <VolunteerForm edit />
      </Edit>
    </Box>
  );
};
