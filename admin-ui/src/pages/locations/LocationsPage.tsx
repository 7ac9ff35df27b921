import LocationsIcon from '@mui/icons-material/PlaceOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/locations: districts per area and important places. Placeholder until the screen is built. */
export const LocationsPage = () => <PagePlaceholder page="app.page.locations" icon={<LocationsIcon />} />;
