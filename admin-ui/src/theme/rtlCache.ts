import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Emotion cache that flips physical CSS (left/right, margins, paddings) for right-to-left, so
 * react-admin's and MUI's own styles mirror. Our code writes logical properties
 * (marginInlineStart, insetInlineEnd), which the plugin leaves alone.
 */
export const rtlCache = createCache({
  key: 'muirtl',
  stylisPlugins: [prefixer, rtlPlugin],
});
