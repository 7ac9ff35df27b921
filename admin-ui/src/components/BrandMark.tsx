import { Box, type SxProps, type Theme } from '@mui/material';

/** The charity's mark: a sand-coloured leaf on deep green (decorative; the name is written beside it). */
export const BrandMark = ({ size = 40, sx }: { size?: number; sx?: SxProps<Theme> }) => (
  <Box
    component="svg"
    viewBox="0 0 64 64"
    aria-hidden
    focusable="false"
    sx={[{ width: size, height: size, flexShrink: 0, display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}
  >
    <rect width="64" height="64" rx="16" fill="#1b5e3b" />
    <path d="M32 12c-10 7-15 15.5-15 23.5a15 15 0 0 0 30 0C47 27.5 42 19 32 12z" fill="#e9c77b" />
    <path d="M32 24v28M32 36l-6-5M32 43l7-6" stroke="#1b5e3b" strokeWidth="3" strokeLinecap="round" fill="none" />
  </Box>
);
