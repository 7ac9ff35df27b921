import HomepageStatisticsIcon from '@mui/icons-material/PinOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/homepage-statistics: the five public numbers and their preview. Placeholder until the screen is built. */
export const HomepageStatisticsPage = () => <PagePlaceholder page="app.page.homepage_statistics" icon={<HomepageStatisticsIcon />} />;
