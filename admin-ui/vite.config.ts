import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress';

// Paths are resolved from this file so the build works from any working directory
// (`vite build --config admin-ui/vite.config.ts` is run from the repository root).
const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const sharedRules = fileURLToPath(new URL('../src/shared', import.meta.url));
const nodeModules = fileURLToPath(new URL('../node_modules', import.meta.url));

export default defineConfig({
  root: adminRoot,
  // The API process serves this build under /admin (spec: admin-side section 2).
  base: '/admin/',
  plugins: [react(), precompress()],
  // `@shared/...` is the project's src/shared (framework-free rules and API types both sides use).
  resolve: { alias: { '@shared': sharedRules } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin and MUI are large but change rarely: separate chunks keep them cached
    // across deployments of our own code.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'mui', test: /node_modules[\\/](@mui[\\/](?!x-)|(@emotion|stylis|stylis-plugin-rtl|cssjanus)[\\/])/, priority: 20 },
            // The charts load with the statistics screen, not with the login. Below `mui`: a group takes
            // its modules' dependencies too, and MUI's core belongs to `mui`.
            { name: 'mui-x', test: /node_modules[\\/]@mui[\\/]x-/, priority: 15 },
            // Maps load with the screens that draw one (lazy), never with the rest of the admin.
            {
              name: 'leaflet',
              test: /node_modules[\\/](leaflet|leaflet\.markercluster|react-leaflet|@react-leaflet|react-leaflet-cluster)[\\/]/,
              priority: 25,
            },
            // The desk's calendar loads with the desk, not with the login.
            { name: 'calendar', test: /node_modules[\\/](react-day-picker|date-fns|@date-fns)[\\/]/, priority: 12 },
            { name: 'react-admin', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    fs: {
      // Setting `allow` replaces Vite's default, so the admin folder and node_modules are listed too.
      allow: [adminRoot, sharedRules, nodeModules],
    },
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  // `vite preview` reuses server.proxy, so a built admin can talk to a local API as well.
});
