import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Sticker } from '@shared/api/content-admin';
import { formatFileSize } from '@shared/files';
import { Ltr } from '../../components/Ltr';

/** View dialog: name, size, type, description (spec: admin-side section 2). */
export const StickerViewDialog = ({ sticker, onClose }: { sticker: Sticker; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} aria-labelledby="sticker-view-title" maxWidth="sm" fullWidth>
      <DialogTitle id="sticker-view-title">{translate('app.stickers.details_title')}</DialogTitle>
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
          <dt>{translate('app.stickers.name')}</dt>
          <dd>{sticker.originalName}</dd>
          <dt>{translate('app.stickers.size')}</dt>
          <dd>
            <Ltr>{formatFileSize(sticker.fileSize)}</Ltr>
          </dd>
          <dt>{translate('app.stickers.type')}</dt>
          <dd>
            <Ltr>{sticker.mimeType}</Ltr>
          </dd>
          {sticker.width && sticker.height ? (
            <>
              <dt>{translate('app.stickers.dimensions')}</dt>
              <dd>
                <Ltr>
                  {sticker.width} × {sticker.height}
                </Ltr>
              </dd>
            </>
          ) : null}
          <dt>{translate('app.stickers.description')}</dt>
          <dd>
            {sticker.description || (
              <Typography component="span" color="text.secondary">
                {translate('app.stickers.no_description')}
              </Typography>
            )}
          </dd>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.stickers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
