import { useState } from 'react';
import { Box, Card, CardContent, Chip, IconButton, Switch, Tooltip, Typography } from '@mui/material';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import { Link } from 'react-router-dom';
import { useCreatePath, useTranslate } from 'react-admin';
import type { Sticker } from '@shared/api/content-admin';
import { formatFileSize } from '@shared/files';
import { Ltr } from '../../components/Ltr';

interface StickerCardProps {
  sticker: Sticker;
  onView: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** One sticker: image (or a placeholder), active badge, name, size, order, description, actions. */
export const StickerCard = ({ sticker, onView, onToggle, onDelete }: StickerCardProps) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [broken, setBroken] = useState(!sticker.url);
  const name = { name: sticker.originalName };
  return (
    <Card component="li" aria-label={sticker.originalName} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'grey.100', display: 'grid', placeItems: 'center' }}>
        {broken ? (
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5, color: 'text.secondary' }}>
            <BrokenImageIcon />
            <Typography variant="caption">{translate('app.stickers.image_unavailable')}</Typography>
          </Box>
        ) : (
          <Box
            component="img"
            src={sticker.url ?? ''}
            alt={sticker.description || sticker.originalName}
            loading="lazy"
            onError={() => setBroken(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', padding: 1.5 }}
          />
        )}
        <Chip
          size="small"
          label={translate(sticker.isActive ? 'app.stickers.active' : 'app.stickers.inactive')}
          color={sticker.isActive ? 'success' : 'default'}
          sx={{ position: 'absolute', insetBlockStart: 8, insetInlineStart: 8 }}
        />
      </Box>
      <CardContent sx={{ display: 'grid', gap: 0.5, flex: 1, padding: 1.5, '&:last-child': { paddingBlockEnd: 1 } }}>
        <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {sticker.originalName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <Ltr>{formatFileSize(sticker.fileSize)}</Ltr> · {translate('app.stickers.order', { order: sticker.sortOrder })}
        </Typography>
        {sticker.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {sticker.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', marginBlockStart: 'auto', paddingBlockStart: 0.5 }}>
          <Switch
            size="small"
            checked={sticker.isActive}
            onChange={onToggle}
            slotProps={{ input: { 'aria-label': translate('app.stickers.toggle_named', name) } }}
          />
          <Box sx={{ flex: 1 }} />
          <Tooltip title={translate('app.stickers.view')}>
            <IconButton size="small" aria-label={translate('app.stickers.view_named', name)} onClick={onView}>
              <ViewIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('app.stickers.edit')}>
            <IconButton
              size="small"
              component={Link}
              to={createPath({ resource: 'stickers', id: sticker.id, type: 'edit' })}
              aria-label={translate('app.stickers.edit_named', name)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('app.stickers.delete')}>
            <IconButton size="small" color="error" aria-label={translate('app.stickers.delete_named', name)} onClick={onDelete}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </CardContent>
    </Card>
  );
};
