import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files gain less than the bytes of the Content-Encoding header and the work. */
const MIN_BYTES = 1024;

/**
 * After the build, writes a .br (quality 11) and a .gz (level 9) beside every text asset, once: the
 * server sends the one the browser accepts (@fastify/static's preCompressed), with no work per request.
 * `skipDirs` (top-level folders of the build) are left alone: files the server does not send as they are.
 */
export function precompress(options: { skipDirs?: string[] } = {}): Plugin {
  let outDir = '';
  return {
    name: 'charity-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle (the pre-rendered pages are written there).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const visit = (dir: string): void => {
          for (const name of readdirSync(dir)) {
            const path = join(dir, name);
            if (statSync(path).isDirectory()) {
              if (dir !== outDir || !options.skipDirs?.includes(name)) visit(path);
            } else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
              const body = readFileSync(path);
              writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
              writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
            }
          }
        };
        visit(outDir);
      },
    },
  };
}
