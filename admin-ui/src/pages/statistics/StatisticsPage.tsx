import StatisticsIcon from '@mui/icons-material/InsertChartOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/statistics: periods, counters, distributions, activity log, Excel export. Placeholder until the screen is built. */
export const StatisticsPage = () => <PagePlaceholder page="app.page.statistics" icon={<StatisticsIcon />} />;
