import ImpactReportsIcon from '@mui/icons-material/AssessmentOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/impact-reports: report list, create form, share links, PDF. Placeholder until the screen is built. */
export const ImpactReportsPage = () => <PagePlaceholder page="app.page.impact_reports" icon={<ImpactReportsIcon />} />;
