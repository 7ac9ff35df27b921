import { Box, Typography } from '@mui/material';
import { PageTitle } from '../../components/PageTitle';
import { DistrictsCard } from './DistrictsCard';
import { PlacesCard } from './PlacesCard';

/** /admin/locations: districts per area and the important places of the request form. */
export const LocationsPage = () => (
  <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960 }}>
    <PageTitle title="app.page.locations.title" />
    <Typography variant="h5" component="h1">
      المواقع والأحياء
    </Typography>
    <DistrictsCard />
    <PlacesCard />
  </Box>
);
