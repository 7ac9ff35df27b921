import { useState } from 'react';
import { Alert, Box, Button, Chip, Skeleton, Typography } from '@mui/material';
import StickersIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Sticker } from '@shared/api/content-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BackIcon } from '../../components/DirectionalIcons';
import { PageTitle } from '../../components/PageTitle';
import { useNotifyError } from '../../providers/useNotifyError';
import { adminUrl, ROUTES } from '../../routes';
import { StickerCard } from './StickerCard';
import { StickerEditDialog, StickerViewDialog } from './StickerDialogs';
import { StickerUploadForm } from './StickerUploadForm';
import { deleteSticker, fetchStickers, STICKERS_KEY, toggleSticker } from './stickersApi';

/** /admin/sticker-management and /admin/stickers: upload, then a grid of cards (spec: admin-side section 2). */
export const StickersPage = () => {
  const notify = useNotify();
  const fail = useNotifyError();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: STICKERS_KEY, queryFn: fetchStickers });
  const [viewing, setViewing] = useState<Sticker | null>(null);
  const [editing, setEditing] = useState<Sticker | null>(null);
  const [toDelete, setToDelete] = useState<Sticker | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: STICKERS_KEY });

  const toggle = async (sticker: Sticker) => {
    try {
      await toggleSticker(sticker.id, !sticker.isActive);
      notify(sticker.isActive ? 'تم تعطيل الملصق' : 'تم تفعيل الملصق', { type: 'success' });
      await reload();
    } catch (error) {
      fail(error, 'app.stickers.toggle_failed');
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteSticker(toDelete.id);
      notify('تم حذف الملصق بنجاح', { type: 'success' });
      await reload();
    } catch (error) {
      fail(error, 'app.stickers.delete_failed');
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.stickers.title" />
      <Button component={Link} to={adminUrl(ROUTES.dashboard)} startIcon={<BackIcon />} sx={{ justifySelf: 'start' }}>
        العودة إلى لوحة التحكم
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          إدارة الملصقات
        </Typography>
        <Chip label={`${data?.length ?? 0} ملصق`} color="primary" variant="outlined" aria-label={`عدد الملصقات ${data?.length ?? 0}`} />
      </Box>
      <StickerUploadForm onUploaded={() => void reload()} />
      {isError && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>إعادة المحاولة</Button>}>
          تعذّر تحميل الملصقات
        </Alert>
      )}
      {isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : data && data.length === 0 ? (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, paddingBlock: 6, color: 'text.secondary', textAlign: 'center' }}>
          <StickersIcon sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p" color="text.primary">
            لا توجد ملصقات بعد
          </Typography>
          <Typography>ارفع أول ملصق لاستخدامه في الرسائل الآلية.</Typography>
        </Box>
      ) : (
        <Box
          component="ul"
          aria-label="الملصقات"
          sx={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {data?.map((s) => (
            <StickerCard
              key={s.id}
              sticker={s}
              onView={() => setViewing(s)}
              onEdit={() => setEditing(s)}
              onToggle={() => void toggle(s)}
              onDelete={() => setToDelete(s)}
            />
          ))}
        </Box>
      )}
      {viewing && <StickerViewDialog sticker={viewing} onClose={() => setViewing(null)} />}
      {editing && (
        <StickerEditDialog
          sticker={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void reload();
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title="حذف الملصق"
          text={`هل تريد حذف «${toDelete.originalName}»؟ لا يمكن التراجع عن هذا الإجراء.`}
          onCancel={() => setToDelete(null)}
          onConfirm={remove}
        />
      )}
    </Box>
  );
};
