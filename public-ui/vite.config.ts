import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress';
import { prerenderPages } from '../scripts/vite-prerender';
import { PRERENDERED_PAGES_DIR, PUBLIC_ROUTES } from '../src/shared/public-routes';

const root = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(root, '..');
const apiPort = process.env.PORT || '3000';

// `@shared/...` is the project's src/shared (framework-free rules and API types both sides use).
const resolveShared = { alias: { '@shared': path.resolve(projectRoot, 'src/shared') } };

// The public site: built into public-ui/dist and served by the API server at '/'. The public pages are
// also pre-rendered into dist/pages, which the server fills with the current content (SitePages).
export default defineConfig({
  root,
  base: '/',
  publicDir: path.resolve(root, 'public'),
  plugins: [
    react(),
    prerenderPages({
      entry: 'src/prerender.tsx',
      pages: [
        { path: PUBLIC_ROUTES.home },
        { path: PUBLIC_ROUTES.about, module: 'src/pages/AboutPage.tsx' },
        { path: PUBLIC_ROUTES.contact, module: 'src/pages/ContactPage.tsx' },
        { path: PUBLIC_ROUTES.privacy, module: 'src/pages/PrivacyPolicyPage.tsx' },
        { path: PUBLIC_ROUTES.terms, module: 'src/pages/TermsOfServicePage.tsx' },
        { path: PUBLIC_ROUTES.governance, module: 'src/pages/GovernancePage.tsx' },
      ],
      // Headings (bold) and body text (regular) of the first screen, in Arabic.
      preloadFonts: ['ibm-plex-sans-arabic-arabic-700-normal', 'ibm-plex-sans-arabic-arabic-400-normal'],
      ssrConfig: { plugins: [react()], resolve: resolveShared },
    }),
    // The page templates are filled per request, then compressed as they are sent.
    precompress({ skipDirs: [PRERENDERED_PAGES_DIR] }),
  ],
  resolve: resolveShared,
  build: {
    outDir: path.resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    fs: {
      // The UI imports framework-free rules from the project's src/shared.
      allow: [root, path.resolve(projectRoot, 'src/shared'), path.resolve(projectRoot, 'node_modules')],
    },
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
