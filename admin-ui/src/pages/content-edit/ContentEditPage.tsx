import ContentEditIcon from '@mui/icons-material/EditNoteOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/content-edit: site texts and dropdown lists. Placeholder until the screen is built. */
export const ContentEditPage = () => <PagePlaceholder page="app.page.content_edit" icon={<ContentEditIcon />} />;
