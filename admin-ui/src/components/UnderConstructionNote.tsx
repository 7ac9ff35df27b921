import { Box, Chip, Typography, type SxProps, type Theme } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslate } from 'react-admin';

/** «قريبًا · هذه الصفحة قيد الإنشاء»: marks a view whose content is not built yet. */
export const UnderConstructionNote = ({ sx }: { sx?: SxProps<Theme> }) => {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={[
        {
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1.5,
          padding: 2,
          borderRadius: '12px',
          bgcolor: 'secondary.tint',
          border: '1px dashed',
          borderColor: 'secondary.main',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Chip
        icon={<ConstructionIcon />}
        label={translate('app.coming_soon')}
        size="small"
        sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', '& .MuiChip-icon': { color: 'inherit' } }}
      />
      <Typography sx={{ fontWeight: 600 }}>{translate('app.under_construction')}</Typography>
    </Box>
  );
};
