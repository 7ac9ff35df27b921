import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageTitle } from '../../components/PageTitle';
import { DistrictsCard } from './DistrictsCard';
import { PlacesCard } from './PlacesCard';

/** /admin/locations: districts per area and the important places of the request form. */
export const LocationsPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960 }}>
      <PageTitle title="app.page.locations.title" />
      <Typography variant="h5" component="h1">
        {translate('app.dashboard.quick_links.locations')}
      </Typography>
      <DistrictsCard />
      <PlacesCard />
    </Box>
  );
};
