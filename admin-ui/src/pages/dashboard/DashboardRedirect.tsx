import { Navigate } from 'react-admin';
import { ROUTES, adminUrl } from '../../routes';

/** /admin has no content of its own (spec: admin-side section 2): it forwards to the dashboard. */
export const DashboardRedirect = () => <Navigate to={adminUrl(ROUTES.dashboard)} replace />;
