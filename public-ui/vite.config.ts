import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../scripts/vite-precompress';
import { manifestIcons, pwaIcons } from '../scripts/vite-pwa-icons';
import { prerenderPages } from '../scripts/vite-prerender';
import { OFFLINE_SHELL_PATH, PRERENDERED_PAGES_DIR, PUBLIC_ROUTES } from '../src/shared/public-routes';

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
    pwaIcons(),
    // Installable and offline-tolerant (ARCHITECTURE.md, "The public site offline"): the manifest, and a
    // Workbox service worker built from src/sw/sw.ts with the list of files to precache injected.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by the app itself once the page has loaded (lib/service-worker.ts).
      injectRegister: false,
      manifest: {
        name: 'جمعية حفظ النعمة بينبع',
        short_name: 'حفظ النعمة',
        description: 'اطلب جمع فائض طعام مناسبتك في ينبع، ونوصله إلى الأسر المحتاجة.',
        lang: 'ar',
        dir: 'rtl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f4430',
        background_color: '#ffffff',
        categories: ['food', 'social'],
        icons: manifestIcons,
      },
      injectManifest: {
        // A classic script: module service workers are not supported by every browser a phone may have.
        rollupFormat: 'iife',
        // The shell: scripts, styles, the Arabic font files, icons and the plain page. Not the map (its
        // tiles need the network anyway), the pre-rendered templates or the compressed copies.
        globPatterns: ['**/*.{js,css,svg,png}', 'assets/ibm-plex-sans-arabic-arabic-*.woff2', 'index.html'],
        globIgnores: [`${PRERENDERED_PAGES_DIR}/**`, '**/*.br', '**/*.gz', 'sw.js', '**/MapPicker-*.js', '**/leaflet*'],
        // The server answers the plain shell under OFFLINE_SHELL_PATH (index.html is never served as a file).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: OFFLINE_SHELL_PATH } : entry)),
            warnings: [],
          }),
        ],
      },
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
