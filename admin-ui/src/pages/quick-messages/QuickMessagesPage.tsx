import QuickMessagesIcon from '@mui/icons-material/ForumOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/quick-messages: visitors' quick messages, reply, resend, delete. Placeholder until the screen is built. */
export const QuickMessagesPage = () => <PagePlaceholder page="app.page.quick_messages" icon={<QuickMessagesIcon />} />;
