import AutoResponseIcon from '@mui/icons-material/WhatsApp';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/whatsapp-auto-response and /admin/auto-response-management: auto-reply variables and preview. Placeholder until the screen is built. */
export const AutoResponsePage = () => <PagePlaceholder page="app.page.auto_response" icon={<AutoResponseIcon />} />;
