import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { LinkBase, useTranslate } from 'react-admin';
import { ROUTES, adminUrl } from '../../routes';
import { BackIcon } from '../../components/DirectionalIcons';
import { PageTitle } from '../../components/PageTitle';

/**
 * 404 for any unknown admin path (react-admin's catchAll). The spec asks for the English words
 * 'Page Not Found'; the Arabic line explains it.
 */
export const NotFoundPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', paddingBlock: { xs: 2, sm: 6 } }}>
      <PageTitle title="app.not_found.heading" />
      <Card sx={{ width: '100%', maxWidth: 520, textAlign: 'center' }}>
        <CardContent sx={{ padding: { xs: 3, sm: 5 }, '&:last-child': { paddingBlockEnd: { xs: 3, sm: 5 } } }}>
          <Box
            aria-hidden
            sx={{
              width: 72,
              height: 72,
              marginInline: 'auto',
              marginBlockEnd: 2,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'secondary.tint',
              color: 'secondary.dark',
              '& svg': { fontSize: 36 },
            }}
          >
            <SearchOffIcon />
          </Box>
          <Typography aria-hidden sx={{ fontSize: '3rem', fontWeight: 700, lineHeight: 1.1, color: 'primary.main', marginBlockEnd: 1 }}>
            404
          </Typography>
          <Typography variant="h5" component="h1" lang="en" dir="ltr" sx={{ marginBlockEnd: 1.5 }}>
            {translate('app.not_found.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ marginBlockEnd: 3 }}>
            {translate('app.not_found.message')}
          </Typography>
          <Button component={LinkBase} to={adminUrl(ROUTES.dashboard)} variant="contained" startIcon={<BackIcon />}>
            {translate('app.back_to_dashboard')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
