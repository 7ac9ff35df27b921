import { useState } from 'react';
import { Box, Card, CardContent, Chip, IconButton, Switch, Tooltip, Typography } from '@mui/material';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import type { Sticker } from '@shared/api/content-admin';
import { formatFileSize } from '@shared/files';
import { Ltr } from '../../components/Ltr';

interface StickerCardProps {
  sticker: Sticker;
  onView: () => void;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** One sticker: image (or a placeholder), active badge, name, size, order, description, actions. */
export const StickerCard = ({ sticker, onView, onEdit, onToggle, onDelete }: StickerCardProps) => {
  const [broken, setBroken] = useState(!sticker.url);
  return (
    <Card component="li" aria-label={sticker.originalName} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'grey.100', display: 'grid', placeItems: 'center' }}>
        {broken ? (
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5, color: 'text.secondary' }}>
            <BrokenImageIcon />
            <Typography variant="caption">الصورة غير متاحة</Typography>
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
          label={sticker.isActive ? 'نشط' : 'معطل'}
          color={sticker.isActive ? 'success' : 'default'}
          sx={{ position: 'absolute', insetBlockStart: 8, insetInlineStart: 8 }}
        />
      </Box>
      <CardContent sx={{ display: 'grid', gap: 0.5, flex: 1, padding: 1.5, '&:last-child': { paddingBlockEnd: 1 } }}>
        <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {sticker.originalName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <Ltr>{formatFileSize(sticker.fileSize)}</Ltr> · الترتيب {sticker.sortOrder}
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
            slotProps={{ input: { 'aria-label': `تفعيل ${sticker.originalName}` } }}
          />
          <Box sx={{ flex: 1 }} />
          <Tooltip title="عرض">
            <IconButton size="small" aria-label={`عرض ${sticker.originalName}`} onClick={onView}>
              <ViewIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="تعديل">
            <IconButton size="small" aria-label={`تعديل ${sticker.originalName}`} onClick={onEdit}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="حذف">
            <IconButton size="small" color="error" aria-label={`حذف ${sticker.originalName}`} onClick={onDelete}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </CardContent>
    </Card>
  );
};
