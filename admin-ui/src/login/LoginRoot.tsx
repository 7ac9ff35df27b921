import { StrictMode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { theme } from '../theme/theme';
import { LoginApp } from './LoginApp';

const muiTheme = createTheme(theme);

/** The light login page's whole tree: the admin's theme and right-to-left styles, none of react-admin. */
export const LoginRoot = ({ cache }: { cache: EmotionCache }) => (
  <StrictMode>
    <CacheProvider value={cache}>
      <ThemeProvider theme={muiTheme}>
        <CssBaseline />
        <LoginApp />
      </ThemeProvider>
    </CacheProvider>
  </StrictMode>
);
