import { Box, Chip, IconButton, Switch, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Link } from 'react-router-dom';
import { useCreatePath, useTranslate } from 'react-admin';
import type { GovernanceCard } from '@shared/api/content-admin';
import { formatGregorianAr } from '@shared/arabic-date';
import { excerpt, formatFileSize } from '@shared/files';
import { fileBadge } from './fileBadge';

interface GovernanceCardItemProps {
  card: GovernanceCard;
  onToggle: () => void;
  onDelete: () => void;
}

/** One card: title, shown/hidden badge, description, an excerpt of the content, its file and date, actions. */
export const GovernanceCardItem = ({ card, onToggle, onDelete }: GovernanceCardItemProps) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const named = { title: card.title };
  return (
    <Box
      component="li"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        padding: 1.5,
        display: 'grid',
        gap: 0.5,
        minWidth: 0,
        opacity: card.isActive ? 1 : 0.7,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {card.title}
        </Typography>
        <Chip
          size="small"
          label={translate(card.isActive ? 'app.governance.shown' : 'app.governance.hidden')}
          color={card.isActive ? 'success' : 'default'}
        />
      </Box>
      {card.description && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {card.description}
        </Typography>
      )}
      {card.content && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {excerpt(card.content)}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {card.fileName ? (
          <>
            <bdi>{fileBadge(card.fileType, card.fileName)}</bdi> · <bdi>{card.fileName}</bdi> ·{' '}
            <bdi>{formatFileSize(card.fileSize ?? 0)}</bdi>
          </>
        ) : (
          translate('app.governance.no_file')
        )}{' '}
        · {translate('app.governance.created_on', { date: formatGregorianAr(new Date(card.createdAt)) })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Switch
          size="small"
          checked={card.isActive}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': translate('app.governance.toggle_named', named) } }}
        />
        <Box sx={{ flex: 1 }} />
        <Tooltip title={translate('app.governance.edit')}>
          <IconButton
            size="small"
            component={Link}
            to={createPath({ resource: 'governance-cards', id: card.id, type: 'edit' })}
            aria-label={translate('app.governance.edit_named', named)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('app.governance.delete')}>
          <IconButton size="small" color="error" aria-label={translate('app.governance.delete_named', named)} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
};
