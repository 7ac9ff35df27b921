import { arSA } from '@mui/material/locale';
import { alpha } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { PAGE_LOADING } from '../i18n/ar-login';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@shared/toasts';
import { FONT_FAMILY } from './fonts';

// MUI's Tooltip skips the open delay for 800 ms + leaveDelay after a tooltip closes (fixed in its code).
const MUI_TOOLTIP_SKIP_MS = 800;

/** Brand colours (DESIGN.md): deep green for the brand and primary actions, warm sand/amber accent. */
export const palette = {
  green: { main: '#1b5e3b', light: '#2f7d52', dark: '#0f3f27', tint: '#e8f2ec' },
  sand: { main: '#c8963e', light: '#e9c77b', dark: '#8f6420', tint: '#f8efdc' },
  ink: { primary: '#1d2420', secondary: '#535c56', border: '#e2e0d8' },
  background: '#f6f4ee',
} as const;

const appTheme: RaThemeOptions = {
  direction: 'rtl',
  palette: {
    mode: 'light',
    primary: { ...palette.green, contrastText: '#ffffff' },
    // Dark text on sand keeps contrast above 4.5:1 (white on sand would not).
    secondary: { ...palette.sand, contrastText: '#2a1f0b' },
    error: { main: '#c62828' },
    // 5.4:1 on white, as text (the open-alerts chip) and under white text (4.2:1 with the former #b26a00).
    warning: { main: '#9a5b00' },
    success: { main: '#2e7d32' },
    text: { primary: palette.ink.primary, secondary: palette.ink.secondary },
    divider: palette.ink.border,
    background: { default: palette.background, paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  sidebar: { width: 248, closedWidth: 56 },
  typography: {
    fontFamily: FONT_FAMILY,
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700, fontSize: '1.75rem', lineHeight: 1.4 },
    h5: { fontWeight: 700, fontSize: '1.35rem', lineHeight: 1.45 },
    h6: { fontWeight: 600, fontSize: '1.1rem', lineHeight: 1.5 },
    subtitle1: { fontWeight: 600, lineHeight: 1.6 },
    body1: { lineHeight: 1.7 },
    body2: { lineHeight: 1.7 },
    button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
  },
  components: {
    // MUI's own Arabic texts for the pieces that carry words (an Autocomplete's «مسح» and «فتح», an
    // Alert's «إغلاق»); pagination keeps the app's own (ListPagination: Western digits).
    MuiAutocomplete: arSA.components?.MuiAutocomplete,
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
      },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'medium', fullWidth: true } },
    MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'medium', fullWidth: true } },
    // react-admin's PasswordInput asks for a small field; keep it as tall as the other inputs.
    RaPasswordInput: { defaultProps: { size: 'medium' } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { minHeight: 44, borderRadius: 10, paddingInline: 18 },
        sizeSmall: { minHeight: 34, paddingInline: 12 },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 16,
          border: `1px solid ${palette.ink.border}`,
          boxShadow: '0 1px 2px rgba(16, 40, 28, 0.04), 0 6px 20px rgba(16, 40, 28, 0.05)',
        },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    // Every spinner (react-admin's loading indicator, a button's "saving") says what it is to a screen reader.
    MuiCircularProgress: { defaultProps: { 'aria-label': PAGE_LOADING } },
    MuiAlert: { ...arSA.components?.MuiAlert, styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiTooltip: {
      // Spec: open after 700 ms; within 300 ms of one closing the next opens at once. MUI keeps that
      // window open 800 ms + leaveDelay, so −500 makes it 300 ms (a negative leave timeout acts as 0).
      defaultProps: { enterDelay: TOOLTIP_OPEN_DELAY_MS, enterNextDelay: 0, leaveDelay: TOOLTIP_SKIP_DELAY_MS - MUI_TOOLTIP_SKIP_MS },
      styleOverrides: { tooltip: { fontSize: '0.8rem' } },
    },
    RaAppBar: {
      styleOverrides: {
        root: {
          '& .RaAppBar-toolbar': { paddingInline: 8, gap: 4 },
        },
      },
    },
    RaLayout: {
      styleOverrides: {
        root: {
          '& .RaLayout-content': { paddingInline: 16, paddingBlock: 16 },
        },
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          minHeight: 44,
          marginInline: 8,
          borderRadius: 10,
          color: palette.ink.secondary,
          '& .RaMenuItemLink-icon': { color: palette.ink.secondary },
          '&.RaMenuItemLink-active': {
            color: palette.green.dark,
            fontWeight: 600,
            backgroundColor: alpha(palette.green.main, 0.1),
            '& .RaMenuItemLink-icon': { color: palette.green.main },
          },
        },
      },
    },
  },
};

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Merges plain objects recursively; arrays, functions and other values from `override` win. */
function merge<T extends Plain>(base: T, override: Plain): T {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = isPlain(value) && isPlain(out[key]) ? merge(out[key] as Plain, value) : value;
  }
  return out as T;
}

/** react-admin's default theme with the charity's colours, Arabic type and right-to-left layout. */
export const theme: RaThemeOptions = merge(defaultTheme as Plain, appTheme as Plain) as RaThemeOptions;
