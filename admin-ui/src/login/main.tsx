import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import '../theme/fonts';
import { rtlCache } from '../theme/rtlCache';
import { theme } from '../theme/theme';
import { LoginApp } from './LoginApp';

// The light login page's entry (login.html, built by vite.login.config.ts): the admin's theme and
// right-to-left styles, none of react-admin.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CacheProvider value={rtlCache}>
      <ThemeProvider theme={createTheme(theme)}>
        <CssBaseline />
        <LoginApp />
      </ThemeProvider>
    </CacheProvider>
  </StrictMode>,
);
