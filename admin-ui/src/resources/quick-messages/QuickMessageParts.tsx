import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import QuickMessagesIcon from '@mui/icons-material/ForumOutlined';
import TotalIcon from '@mui/icons-material/InboxOutlined';
import SentIcon from '@mui/icons-material/MarkChatReadOutlined';
import FailedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PendingIcon from '@mui/icons-material/HourglassEmptyOutlined';
import UnansweredIcon from '@mui/icons-material/MarkChatUnreadOutlined';
import { useTranslate } from 'react-admin';
import type { QuickMessageStats } from '@shared/api/quick-messages';
import { statusTone } from './quickMessages';

// The quick-messages screen's small parts: the figures, the empty list, a status chip.

const STAT_CARDS: Array<{ key: keyof QuickMessageStats; icon: ReactNode; color: string; tint: string; label?: string }> = [
  {
    key: 'unanswered',
    icon: <UnansweredIcon />,
    color: 'warning.dark',
    tint: '#fff3e0',
    label: 'app.quick_message_answers.stat_unanswered',
  },
  { key: 'total', icon: <TotalIcon />, color: 'primary.main', tint: 'primary.tint' },
  { key: 'sent', icon: <SentIcon />, color: 'success.main', tint: '#e7f4e8' },
  { key: 'failed', icon: <FailedIcon />, color: 'error.main', tint: '#fdecea' },
  { key: 'pending', icon: <PendingIcon />, color: 'warning.main', tint: '#fff3e0' },
];

export const StatsCards = ({ stats }: { stats: QuickMessageStats | null }) => {
  const translate = useTranslate();
  return (
    <Box
      component="ul"
      aria-label={translate('app.quick_messages_page.stats_label')}
      sx={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        // The unanswered count leads, across the phone's width.
        '& > li:first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      {STAT_CARDS.map(({ key, icon, color, tint, label }) => (
        <Card component="li" key={key} data-testid={`stat-${key}`} sx={{ minWidth: 0 }}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, padding: 2, '&:last-child': { paddingBlockEnd: 2 } }}>
            <Box
              aria-hidden
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 42,
                height: 42,
                flexShrink: 0,
                borderRadius: '10px',
                bgcolor: tint,
                color,
              }}
            >
              {icon}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              {stats ? (
                <Typography data-testid={`stat-${key}-value`} sx={{ fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.2 }}>
                  {stats[key]}
                </Typography>
              ) : (
                <Skeleton width={40} height={38} />
              )}
              <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                {translate(label ?? `app.quick_messages_page.stats.${key}`)}
              </Typography>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};

export const EmptyState = () => {
  const translate = useTranslate();
  return (
    <Card data-testid="quick-messages-empty">
      <CardContent sx={{ display: 'grid', justifyItems: 'center', textAlign: 'center', gap: 1, paddingBlock: 5, paddingInline: 2 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 64,
            height: 64,
            borderRadius: '50%',
            bgcolor: 'primary.tint',
            color: 'primary.main',
            '& svg': { fontSize: 34 },
          }}
        >
          <QuickMessagesIcon />
        </Box>
        <Typography variant="h6" component="h2">
          {translate('app.quick_messages_page.empty_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {translate('app.quick_messages_page.empty_hint')}
        </Typography>
      </CardContent>
    </Card>
  );
};

export const StatusChip = ({ label, status, testId }: { label: string; status: string | null; testId: string }) => {
  const tone = statusTone(status);
  return (
    <Chip
      size="small"
      data-testid={testId}
      data-status={status ?? ''}
      // Amber text needs the darker shade to keep 4.5:1 on white.
      color={tone === 'warning' ? 'default' : tone}
      variant="outlined"
      label={label}
      sx={tone === 'warning' ? { color: 'warning.dark', borderColor: 'warning.main' } : undefined}
    />
  );
};
