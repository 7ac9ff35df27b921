import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { isKnownPublicPath } from '../../shared/public-routes';

const FALLBACK_404 = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Page Not Found</title></head>
<body style="font-family:sans-serif;text-align:center;padding:3rem"><h1>Page Not Found</h1>
<p>الصفحة التي تبحث عنها غير موجودة.</p><p><a href="/">العودة إلى الصفحة الرئيسية</a></p></body></html>`;

/**
 * The HTML shells of the two single-page apps. The server knows the public route list: known paths
 * get the public shell with 200, unknown ones the same shell with 404 (the app shows its 404 page),
 * and every /admin path gets the admin shell (react-admin shows its own 404).
 */
export class SitePages {
  private readonly publicHtml: string | null;
  private readonly adminHtml: string | null;

  constructor(publicUiDir: string, adminUiDir: string, enabled: boolean) {
    this.publicHtml = enabled ? readIfExists(join(publicUiDir, 'index.html')) : null;
    this.adminHtml = enabled ? readIfExists(join(adminUiDir, 'index.html')) : null;
  }

  /** Sends the page for this path; false when it is not a page path (the caller answers JSON). */
  trySend(path: string, reply: FastifyReply): boolean {
    if (path === '/admin' || path.startsWith('/admin/')) {
      if (!this.adminHtml) return false;
      void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(this.adminHtml);
      return true;
    }
    const known = isKnownPublicPath(path);
    // A path with a file extension that is not on disk is a missing asset, not a page.
    if (!known && /\.[a-z0-9]{1,5}$/i.test(path)) {
      void reply.status(404).header('content-type', 'text/html; charset=utf-8').send(FALLBACK_404);
      return true;
    }
    void reply
      .status(known ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(this.publicHtml ?? FALLBACK_404);
    return true;
  }
}

function readIfExists(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}
