import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress';

// The light login page (login.html): a build of its own, after the admin's (vite.config.ts) and into
// the same folder, so that it shares no chunk with react-admin. The server sends it for /admin/login.
const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const sharedRules = fileURLToPath(new URL('../src/shared', import.meta.url));
const adminIndex = fileURLToPath(new URL('dist/index.html', import.meta.url));

/**
 * Names the admin app's own start files (its entry script, the chunks it preloads, its stylesheet) in
 * a meta tag of login.html: the login page fetches them at low priority once it is ready, so the admin
 * opens from the cache after signing in.
 */
function adminAppAssets(): Plugin {
  return {
    name: 'charity-admin-app-assets',
    apply: 'build',
    transformIndexHtml(html) {
      if (!existsSync(adminIndex)) return html;
      const index = readFileSync(adminIndex, 'utf8');
      const urls = [...index.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/admin\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
      if (urls.length === 0) return html;
      return html.replace('</head>', () => `  <meta name="admin-app-assets" content="${urls.join(' ')}" />\n  </head>`);
    },
  };
}

export default defineConfig({
  root: adminRoot,
  base: '/admin/',
  plugins: [react(), adminAppAssets(), precompress()],
  resolve: { alias: { '@shared': sharedRules } },
  build: {
    outDir: 'dist',
    // The admin's build is already there; the fonts keep their names, so both pages share them.
    emptyOutDir: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { input: { login: fileURLToPath(new URL('login.html', import.meta.url)) } },
  },
});
