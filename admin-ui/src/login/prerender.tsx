import createCache from '@emotion/cache';
import { renderToString } from 'react-dom/server';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { LoginRoot } from './LoginRoot';

/**
 * The build's server entry (vite.login.config.ts): the login page's first screen as HTML, with its
 * styles as emotion writes them on a server (a <style data-emotion> before each element), so a phone
 * paints the heading and the form before any script has run. Same cache key as the browser's
 * (theme/rtlCache.ts), which takes these styles over.
 */
export function renderLogin(): string {
  const cache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
  return renderToString(<LoginRoot cache={cache} />);
}
