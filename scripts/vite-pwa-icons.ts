import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

/** The charity's mark (public-ui/src/components/BrandMark.tsx), in the brand's colours. */
const GREEN = '#17603f';
const SAND = '#f2d49b';
const MARK = `<circle cx="32" cy="32" r="31" fill="${GREEN}"/>
  <circle cx="32" cy="32" r="21" fill="none" stroke="${SAND}" stroke-width="3"/>
  <path d="M21 42c0-12 8-21 23-21 0 14-9 22-21 22z" fill="${SAND}"/>
  <path d="M22 43 37 28" stroke="${GREEN}" stroke-width="3" stroke-linecap="round"/>`;

/** The mark alone (transparent corners) for "any" icons. */
const ANY = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${MARK}</svg>`;
/**
 * Maskable icons fill the square and keep the mark inside the central 80 % "safe zone" that every launcher
 * shape (circle, squircle, rounded square) shows whole; Apple's icon is a full square too.
 */
const FULL = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/>
  <g transform="translate(12.8 12.8) scale(0.6)">${MARK}</g></svg>`;

export const PWA_ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, svg: ANY, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, svg: ANY, purpose: 'any' },
  { fileName: 'icons/icon-maskable-512.png', size: 512, svg: FULL, purpose: 'maskable' },
  { fileName: 'icons/apple-touch-icon-180.png', size: 180, svg: FULL, purpose: 'apple' },
] as const;

/** The installable site's icons, drawn from the brand mark with resvg at build time (no binary files kept in git). */
export function pwaIcons(): Plugin {
  return {
    name: 'charity-pwa-icons',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      for (const icon of PWA_ICONS) {
        const png = new Resvg(icon.svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: png });
      }
    },
  };
}

/** The web app manifest's icons (the Apple one is linked from the page instead). */
export const manifestIcons = PWA_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
  src: `/${icon.fileName}`,
  sizes: `${icon.size}x${icon.size}`,
  type: 'image/png',
  purpose: icon.purpose,
}));
