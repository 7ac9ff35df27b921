import RequestsIcon from '@mui/icons-material/AssignmentOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/requests: request management. Placeholder until the screen is built. */
export const RequestsPage = () => <PagePlaceholder page="app.page.requests" icon={<RequestsIcon />} />;
