import { lazy, Suspense, useId, useState } from 'react';
import { Box, Button, CircularProgress, Popover, Typography } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { isValidDateString } from '@shared/time';
import { useTranslate } from 'react-admin';

// The calendar (react-day-picker and its Arabic locale) downloads only when it is opened.
const DayCalendar = lazy(() => import('./DayCalendar'));

/**
 * A date filter: a button that says the chosen day in Arabic (Hijri under it) and opens an Arabic
 * calendar. Chosen over the browser's own date box, which shows its format in the browser's language.
 */
export const DateFilterField = ({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const valid = isValidDateString(value);
  return (
    <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
      <Button
        variant="outlined"
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        endIcon={<CalendarIcon />}
        sx={{
          minHeight: 44,
          justifyContent: 'space-between',
          borderColor: 'divider',
          fontWeight: 400,
          paddingInline: 1.5,
          paddingBlock: 0.25,
        }}
      >
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.3, minWidth: 0 }}>
          <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
            {label}
          </Box>{' '}
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}>
            {valid ? formatGregorianAr(value) : translate('app.desk.filters.any_date')}
          </Box>
        </Box>
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ minHeight: '1.2em', paddingInlineStart: 1 }}>
        {valid ? formatHijriAr(value) : ''}
      </Typography>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': id,
            sx: {
              padding: 1.5,
              '--rdp-accent-color': (theme) => theme.palette.primary.main,
              '--rdp-day-height': '44px',
              '--rdp-day-width': '44px',
            },
          },
        }}
      >
        <Typography id={id} variant="subtitle2" component="h2" sx={{ paddingInline: 1 }}>
          {label}
        </Typography>
        <Suspense fallback={<CircularProgress size={24} aria-label={translate('ra.page.loading')} />}>
          <DayCalendar
            value={valid ? value : ''}
            onSelect={(next) => {
              onChange(next);
              setAnchor(null);
            }}
          />
        </Suspense>
        {valid && (
          <Button
            onClick={() => {
              onChange('');
              setAnchor(null);
            }}
            sx={{ minHeight: 44 }}
          >
            {translate('app.desk.filters.any_date_clear')}
          </Button>
        )}
      </Popover>
    </Box>
  );
};
