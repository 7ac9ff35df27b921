import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type UserConfig } from 'vite';
import { hasBrokenSlots } from '../src/shared/content-slots';
import { PRERENDERED_PAGES_DIR, prerenderedPageFile } from '../src/shared/public-routes';

export interface PrerenderedPage {
  /** The route, for example '/about'. */
  path: string;
  /** The page's own code-split module (relative to the app's root), preloaded with the page. */
  module?: string;
}

export interface PrerenderOptions {
  /** The server entry exporting `renderPage(path): Promise<string>`, relative to the app's root. */
  entry: string;
  pages: PrerenderedPage[];
  /** Font files (name prefixes of the built assets) the first screen uses: preloaded in every page. */
  preloadFonts: string[];
  /** What the server-side build needs of the app's own config (aliases, plugins). */
  ssrConfig: UserConfig;
}

/**
 * After the client build, renders each public page to HTML at build time (the first screen a phone
 * paints before any script runs) and writes it as a template under dist/pages: the page's markup in
 * #root, the whole stylesheet inline (about 8 KB compressed: no render-blocking request), the fonts of
 * the first screen and the page's own script preloaded. The server fills the templates' content slots.
 */
export function prerenderPages(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  // Built chunk of each source module that is loaded on demand (the pages), with its static imports.
  const lazyChunks = new Map<string, { file: string; imports: string[] }>();
  const assets: string[] = [];

  return {
    name: 'charity-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_output, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.isDynamicEntry && item.facadeModuleId) {
          lazyChunks.set(item.facadeModuleId, { file: item.fileName, imports: item.imports });
        } else if (item.type === 'asset') assets.push(item.fileName);
      }
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const dist = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
        const serverDir = mkdtempSync(join(tmpdir(), 'prerender-'));
        try {
          await build({
            ...options.ssrConfig,
            configFile: false,
            root: config.root,
            logLevel: 'warn',
            // One self-contained file: it runs from a scratch folder, away from node_modules.
            ssr: { noExternal: true },
            build: { ssr: options.entry, outDir: serverDir, emptyOutDir: true, target: 'node22', minify: false },
          });
          const entryName = readdirSync(serverDir).find((file) => /\.m?js$/.test(file));
          if (!entryName) throw new Error('prerender: the server entry was not built');
          const server = (await import(pathToFileURL(join(serverDir, entryName)).href)) as {
            renderPage: (path: string) => Promise<string>;
          };
          const { page, loaders } = withScriptsApart(withInlineStyles(readFileSync(join(dist, 'index.html'), 'utf8'), dist));
          const fonts = options.preloadFonts.map((prefix) => {
            const file = assets.find((name) => name.startsWith(`assets/${prefix}-`) && name.endsWith('.woff2'));
            if (!file) throw new Error(`prerender: no built font file for ${prefix}`);
            return `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`;
          });
          mkdirSync(join(dist, PRERENDERED_PAGES_DIR), { recursive: true });
          for (const { path, module } of options.pages) {
            const { title, body } = splitTitle(await server.renderPage(path));
            if (hasBrokenSlots(body)) throw new Error(`prerender: ${path} holds a content slot a component changed`);
            const chunk = module ? lazyChunks.get(join(config.root, module)) : undefined;
            if (module && !chunk) throw new Error(`prerender: no chunk for ${module}`);
            const own = chunk ? [chunk.file, ...chunk.imports].filter((file) => !loaders.some((tag) => tag.includes(`/${file}"`))) : [];
            // The fonts and scripts are asked for once the page itself has arrived: asked for from the
            // head, they shared a slow link with the rest of the page and delayed its first paint.
            const tail = [...fonts, ...loaders, ...own.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)];
            const html = page
              .replace(/<title>[^<]*<\/title>/, title ? `<title>${title}</title>` : '$&')
              .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
              .replace('</body>', `  ${tail.join('\n    ')}\n  </body>`);
            if (!html.includes(body)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
            writeFileSync(join(dist, PRERENDERED_PAGES_DIR, prerenderedPageFile(path)), html);
          }
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}

/** The shell with its stylesheet links replaced by the stylesheets' text. */
function withInlineStyles(html: string, dist: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const css = readFileSync(join(dist, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}

/** The page without its script and module-preload tags, and those tags. */
function withScriptsApart(html: string): { page: string; loaders: string[] } {
  const loaders: string[] = [];
  const page = html.replace(/\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g, (_match, tag: string) => {
    loaders.push(tag);
    return '';
  });
  return { page, loaders };
}

/** React writes a page's <title> into the markup it renders; it belongs in the head. */
function splitTitle(markup: string): { title: string | null; body: string } {
  const match = /<title>([^<]*)<\/title>/.exec(markup);
  return match ? { title: match[1], body: markup.replace(match[0], '') } : { title: null, body: markup };
}
