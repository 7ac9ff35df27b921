import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import type { Sticker } from '@shared/api/content-admin';
import { formatFileSize } from '@shared/files';
import { Ltr } from '../../components/Ltr';
import { useNotifyError } from '../../providers/useNotifyError';
import { parseSortOrder, updateSticker } from './stickersApi';

/** View dialog: name, size, type, description (spec: admin-side section 2). */
export const StickerViewDialog = ({ sticker, onClose }: { sticker: Sticker; onClose: () => void }) => (
  <Dialog open onClose={onClose} aria-labelledby="sticker-view-title" maxWidth="sm" fullWidth>
    <DialogTitle id="sticker-view-title">تفاصيل الملصق</DialogTitle>
    <DialogContent sx={{ display: 'grid', gap: 2 }}>
      {sticker.url && (
        <Box
          component="img"
          src={sticker.url}
          alt={sticker.originalName}
          sx={{ maxHeight: 280, maxWidth: '100%', objectFit: 'contain', justifySelf: 'center' }}
        />
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 1,
          margin: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { margin: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>الاسم</dt>
        <dd>{sticker.originalName}</dd>
        <dt>الحجم</dt>
        <dd>
          <Ltr>{formatFileSize(sticker.fileSize)}</Ltr>
        </dd>
        <dt>النوع</dt>
        <dd>
          <Ltr>{sticker.mimeType}</Ltr>
        </dd>
        {sticker.width && sticker.height ? (
          <>
            <dt>الأبعاد</dt>
            <dd>
              <Ltr>
                {sticker.width} × {sticker.height}
              </Ltr>
            </dd>
          </>
        ) : null}
        <dt>الوصف</dt>
        <dd>
          {sticker.description || (
            <Typography component="span" color="text.secondary">
              بلا وصف
            </Typography>
          )}
        </dd>
      </Box>
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose}>إغلاق</Button>
    </DialogActions>
  </Dialog>
);

/** Edit dialog: description and display order, then save. */
export const StickerEditDialog = ({ sticker, onClose }: { sticker: Sticker; onClose: (saved: boolean) => void }) => {
  const notify = useNotify();
  const fail = useNotifyError();
  const [description, setDescription] = useState(sticker.description ?? '');
  const [sortOrder, setSortOrder] = useState(String(sticker.sortOrder));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await updateSticker(sticker.id, { description, sortOrder: parseSortOrder(sortOrder) });
      notify('تم تحديث الملصق بنجاح', { type: 'success' });
      onClose(true);
    } catch (error) {
      fail(error, 'app.stickers.update_failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="sticker-edit-title" maxWidth="xs" fullWidth>
      <DialogTitle id="sticker-edit-title">تعديل الملصق</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, paddingBlockStart: '8px !important' }}>
        <TextField
          label="الوصف"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <TextField
          label="ترتيب العرض"
          value={sortOrder}
          onChange={(e) => setSortOrder(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>إلغاء</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          حفظ
        </Button>
      </DialogActions>
    </Dialog>
  );
};
