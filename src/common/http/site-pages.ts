import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { isKnownPublicPath, OFFLINE_SHELL_PATH, PRERENDERED_PAGES_DIR, prerenderedPageFile } from '../../shared/public-routes';
import { sendHtml } from './html-reply';
import { CONTENT_DATA_ID, contentValues, fillContentSlots, type ContentEntryLike } from '../../shared/content-slots';
import { NOT_FOUND_META } from '../../shared/page-status';

const FALLBACK_404 = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Page Not Found</title></head>
<body style="font-family:sans-serif;text-align:center;padding:3rem"><h1>Page Not Found</h1>
<p>الصفحة التي تبحث عنها غير موجودة.</p><p><a href="/">العودة إلى الصفحة الرئيسية</a></p></body></html>`;

/**
 * The HTML shells of the two single-page apps. The server knows the public route list: known paths
 * get the public shell with 200, unknown ones the same shell with 404 (the app shows its 404 page),
 * and every /admin path gets the admin shell (react-admin shows its own 404), but /admin/login the light
 * login page.
 */
/** What a link preview (WhatsApp, social sites) shows for a page: server-rendered Open Graph tags. */
export interface PageMeta {
  title: string;
  description: string;
  url?: string;
  /** Absolute address of a 1200 × 630 PNG. */
  image?: string;
  /** The page answers 404 (an unknown or private report) with the shell and no preview. */
  notFound?: boolean;
}

/** Finds a page's preview from its path (and the origin the visitor used); null when the path is not one it knows. */
export type PagePreviewer = (path: string, origin: string) => Promise<PageMeta | null> | null;

/** Reads the editable site content as GET /api/content lists it. */
export type ContentSource = () => Promise<readonly ContentEntryLike[]>;

/** How long a page waits for the content before it is sent with the built-in texts (the browser then asks itself). */
const CONTENT_WAIT_MS = 1500;

const ADMIN_LOGIN_PATH = '/admin/login';
/** Built beside the admin's index.html by admin-ui/vite.login.config.ts (an older build has none). */
const ADMIN_LOGIN_PAGE = 'login.html';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The shell with the page's own title and Open Graph tags in place of the site's. */
export function withMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="article" />`,
    ...(meta.url ? [`<meta property="og:url" content="${escapeHtml(meta.url)}" />`] : []),
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
          `<meta property="og:image:type" content="image/png" />`,
          `<meta property="og:image:width" content="1200" />`,
          `<meta property="og:image:height" content="630" />`,
          `<meta property="og:image:alt" content="${title}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  // Function replacements: a string one would expand $&, $` and $' typed in a report's title.
  return html
    .replace(/\s*<meta\s+(property="og:(title|description|type|url)"|name="description")[^>]*>/g, () => '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/** The same JSON, safe inside a <script> element (no "</script>" or "<!--" can end it early). */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export class SitePages {
  private readonly publicHtml: string | null;
  private readonly adminHtml: string | null;
  /** The light login page (React and MUI, no react-admin): what a phone opening the admin loads first. */
  private readonly adminLoginHtml: string | null;
  /** The public pages pre-rendered at build time, by file name (templates with content slots). */
  private readonly prerendered: ReadonlyMap<string, string>;
  private previewer: PagePreviewer | null = null;
  private content: ContentSource | null = null;

  constructor(publicUiDir: string, adminUiDir: string, enabled: boolean) {
    this.publicHtml = enabled ? readIfExists(join(publicUiDir, 'index.html')) : null;
    this.adminHtml = enabled ? readIfExists(join(adminUiDir, 'index.html')) : null;
    this.adminLoginHtml = enabled ? readIfExists(join(adminUiDir, ADMIN_LOGIN_PAGE)) : null;
    this.prerendered = enabled ? readPages(join(publicUiDir, PRERENDERED_PAGES_DIR)) : new Map();
  }

  /** Set once the application can answer previews (impact reports). */
  setPreviewer(previewer: PagePreviewer): void {
    this.previewer = previewer;
  }

  /** Set once the application can read the site content (the pre-rendered pages show it). */
  setContentSource(source: ContentSource): void {
    this.content = source;
  }

  /** Sends the page for this path; false when it is not a page path (the caller answers JSON). */
  trySend(path: string, reply: FastifyReply): boolean {
    if (path === '/admin' || path.startsWith('/admin/')) {
      if (!this.adminHtml) return false;
      const login = path === ADMIN_LOGIN_PATH || path === `${ADMIN_LOGIN_PATH}/`;
      sendHtml(reply, 200, login && this.adminLoginHtml ? this.adminLoginHtml : this.adminHtml);
      return true;
    }
    // The service worker keeps the plain shell as its offline answer for pages it never kept.
    if (path === OFFLINE_SHELL_PATH && this.publicHtml) {
      sendHtml(reply, 200, this.publicHtml);
      return true;
    }
    const known = isKnownPublicPath(path);
    // A path with a file extension that is not on disk is a missing asset, not a page.
    if (!known && /\.[a-z0-9]{1,5}$/i.test(path)) {
      sendHtml(reply, 404, FALLBACK_404);
      return true;
    }
    const preview = known && this.publicHtml ? this.previewer?.(path, `${reply.request.protocol}://${reply.request.host}`) : null;
    if (preview) {
      void this.sendWithPreview(preview, this.publicHtml!, path, reply);
      return true;
    }
    const template = known ? this.prerendered.get(prerenderedPageFile(path)) : undefined;
    if (template) {
      void this.sendPrerendered(template, reply);
      return true;
    }
    sendHtml(reply, known ? 200 : 404, this.publicHtml ?? FALLBACK_404);
    return true;
  }

  /**
   * A pre-rendered page with the charity's current texts in its slots, and the same content as JSON
   * for the browser, whose first render must show exactly these texts. Without the content (the
   * database is away or slow) the built-in texts stand and the browser asks for the content itself.
   */
  private async sendPrerendered(template: string, reply: FastifyReply): Promise<void> {
    let html: string;
    try {
      const entries = await this.readContent();
      const data = `<script type="application/json" id="${CONTENT_DATA_ID}">${jsonForScript(entries)}</script>`;
      html = fillContentSlots(template, contentValues(entries)).replace('</body>', `${data}\n  </body>`);
    } catch {
      html = fillContentSlots(template, new Map());
    }
    sendHtml(reply, 200, html);
  }

  private readContent(): Promise<readonly ContentEntryLike[]> {
    if (!this.content) return Promise.reject(new Error('no content source'));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('content read timed out')), CONTENT_WAIT_MS);
    });
    return Promise.race([this.content(), timeout]).finally(() => clearTimeout(timer));
  }

  private async sendWithPreview(preview: Promise<PageMeta | null>, html: string, path: string, reply: FastifyReply): Promise<void> {
    let meta: PageMeta | null = null;
    try {
      meta = await preview;
    } catch {
      // No preview (the database is away): the page itself still loads and shows its own error.
    }
    if (meta?.notFound) {
      // The page says «not found» itself, without asking the API the same question again.
      const said = `<meta name="${NOT_FOUND_META}" content="${escapeHtml(path)}" />`;
      sendHtml(
        reply,
        404,
        html.replace('</head>', () => `    ${said}\n  </head>`),
      );
      return;
    }
    sendHtml(reply, 200, meta ? withMeta(html, meta) : html);
  }
}

function readIfExists(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** Every .html file of a folder by name (an older build has none: every page is then the shell). */
function readPages(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir)) if (name.endsWith('.html')) pages.set(name, readFileSync(join(dir, name), 'utf8'));
  return pages;
}
