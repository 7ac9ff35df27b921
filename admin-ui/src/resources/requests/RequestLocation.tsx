import { Box, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { requestLocation, type LocatedRequest } from '@shared/request-location';

/**
 * Where the pickup is: the important place's label, else the district (and the address under it). A
 * dispatcher plans by place, so every row and card shows it. `compact` keeps a table cell to one width.
 */
export const RequestLocation = ({ record, compact = false }: { record: LocatedRequest; compact?: boolean }) => {
  const { place, address } = requestLocation(record);
  const clip = compact ? { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } : {};
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0, maxWidth: compact ? 160 : '100%', lineHeight: 1.4 }}
    >
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <PlaceIcon fontSize="small" color="action" aria-hidden sx={{ flexShrink: 0 }} />
        <Box component="span" sx={{ fontWeight: 500, ...clip }} title={compact ? place : undefined}>
          {place}
        </Box>
      </Box>
      {address && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ paddingInlineStart: 3, ...clip }}
          title={compact ? address : undefined}
        >
          {address}
        </Typography>
      )}
    </Box>
  );
};
