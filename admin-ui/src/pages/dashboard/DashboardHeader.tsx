import { Avatar, Box, Button, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { SignOutIcon } from '../../components/DirectionalIcons';

const gregorian = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const hijri = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura-nu-latn', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** Greeting with the signed-in admin's username, today's date (Gregorian and Hijri), and logout. */
export const DashboardHeader = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity, isPending } = useGetIdentity();
  const username = identity?.fullName ?? String(identity?.id ?? '');
  const today = new Date();

  return (
    <Card>
      <CardContent
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          padding: { xs: 2.5, sm: 3 },
          '&:last-child': { paddingBlockEnd: { xs: 2.5, sm: 3 } },
        }}
      >
        <Avatar sx={{ bgcolor: 'primary.main', width: 52, height: 52, fontWeight: 700, fontSize: '1.3rem' }}>
          {username ? username.charAt(0).toUpperCase() : ''}
        </Avatar>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {isPending ? <Skeleton width={160} /> : translate('app.dashboard.greeting', { username })}
            </Typography>
            <Chip size="small" label={translate('app.role.admin')} sx={{ bgcolor: 'primary.tint', color: 'primary.dark' }} />
          </Box>
          <Typography color="text.secondary" sx={{ marginBlockStart: 0.5 }}>
            {/* Each date stays on one line; the line may break between them. */}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {gregorian.format(today)}
            </Box>{' '}
            <Box component="span" aria-hidden sx={{ marginInline: 0.5 }}>
              ·
            </Box>{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {hijri.format(today)}
            </Box>
          </Typography>
        </Box>
        <Button variant="outlined" color="primary" startIcon={<SignOutIcon />} onClick={() => void logout()} sx={{ flexShrink: 0 }}>
          {translate('app.dashboard.logout')}
        </Button>
      </CardContent>
    </Card>
  );
};
