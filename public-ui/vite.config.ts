import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress';

const root = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(root, '..');
const apiPort = process.env.PORT || '3000';

// The public site: built into public-ui/dist and served by the API server at '/'.
export default defineConfig({
  root,
  base: '/',
  publicDir: path.resolve(root, 'public'),
  plugins: [react(), precompress()],
  // `@shared/...` is the project's src/shared (framework-free rules and API types both sides use).
  resolve: { alias: { '@shared': path.resolve(projectRoot, 'src/shared') } },
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
