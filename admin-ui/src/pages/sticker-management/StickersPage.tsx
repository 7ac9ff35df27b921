import StickersIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/sticker-management and /admin/stickers: sticker upload and cards. Placeholder until the screen is built. */
export const StickersPage = () => <PagePlaceholder page="app.page.stickers" icon={<StickersIcon />} />;
