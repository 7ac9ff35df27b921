import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
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

/**
 * After the client build, draws the login's first screen into login.html (src/login/prerender.tsx,
 * built for Node into a scratch folder) and puts its stylesheet inline: the heading and the form are
 * painted from the HTML alone, and the script, when it has arrived, takes the markup over.
 */
function prerenderLogin(): Plugin {
  return {
    name: 'charity-prerender-login',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle: {
      sequential: true,
      async handler() {
        const serverDir = mkdtempSync(join(tmpdir(), 'login-prerender-'));
        try {
          await build({
            configFile: false,
            root: adminRoot,
            logLevel: 'warn',
            plugins: [react()],
            resolve: { alias: { '@shared': sharedRules } },
            // One self-contained file: it runs from a scratch folder, away from node_modules.
            ssr: { noExternal: true },
            build: { ssr: 'src/login/prerender.tsx', outDir: serverDir, emptyOutDir: true, target: 'node22', minify: false },
          });
          const entry = readdirSync(serverDir).find((file) => /\.m?js$/.test(file));
          if (!entry) throw new Error('prerender: the login entry was not built');
          const server = (await import(pathToFileURL(join(serverDir, entry)).href)) as { renderLogin: () => string };
          const dist = join(adminRoot, 'dist');
          const page = readFileSync(join(dist, 'login.html'), 'utf8');
          const drawn = page
            .replace(/<link rel="stylesheet"[^>]*href="\/admin\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
              const css = readFileSync(join(dist, file), 'utf8').replace(/<\/style/gi, '<\\/style');
              return `<style>${css}</style>`;
            })
            .replace('<div id="root"></div>', () => `<div id="root">${server.renderLogin()}</div>`);
          if (!drawn.includes('<h1')) throw new Error('prerender: login.html has no empty <div id="root"></div>');
          writeFileSync(join(dist, 'login.html'), drawn);
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}

export default defineConfig({
  root: adminRoot,
  base: '/admin/',
  plugins: [react(), adminAppAssets(), prerenderLogin(), precompress()],
  resolve: { alias: { '@shared': sharedRules } },
  build: {
    outDir: 'dist',
    // The admin's build is already there; the fonts keep their names, so both pages share them.
    emptyOutDir: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { input: { login: fileURLToPath(new URL('login.html', import.meta.url)) } },
  },
});
