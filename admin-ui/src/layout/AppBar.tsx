import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useTranslate } from 'react-admin';
import { BrandMark } from '../components/BrandMark';
import { AdminUserMenu } from './AdminUserMenu';

/** Green app bar: menu toggle, brand, the current page's title, then the user menu (logout). */
export const AppBar = () => {
  const translate = useTranslate();
  return (
    <RaAppBar color="primary" userMenu={<AdminUserMenu />}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, marginInlineEnd: { xs: 1, md: 3 } }}>
        <BrandMark size={30} sx={{ outline: '1px solid rgba(255,255,255,0.35)', borderRadius: '9px' }} />
        <Typography
          component="span"
          sx={{ display: { xs: 'none', md: 'inline' }, fontWeight: 700, fontSize: '1rem', whiteSpace: 'nowrap' }}
        >
          {translate('app.short_title')}
        </Typography>
      </Box>
      <TitlePortal
        variant="h6"
        sx={{ fontSize: { xs: '1rem', sm: '1.1rem' }, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
      />
    </RaAppBar>
  );
};
