import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** A good ratio for a page of 60–90 KB in about 10 ms; quality 11 would take a third of a second. */
const BROTLI_QUALITY = 6;
/** The filled pages in use at once (a few pages times the current content): compressed once each. */
const CACHE_SIZE = 32;

type Encoding = 'br' | 'gzip';

/** The encoding the browser accepts, brotli first (a "q=0" refuses it). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/**
 * Compressed HTML pages, most recently used last. The pages come from the exception filter's 404 path,
 * which Fastify's compression hook does not reach, and most of them repeat until the content changes.
 */
const cache = new Map<string, Partial<Record<Encoding, Buffer>>>();

function compressed(html: string, encoding: Encoding): Buffer {
  const entry = cache.get(html) ?? {};
  cache.delete(html);
  cache.set(html, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  const body = Buffer.from(html);
  return (entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipSync(body, { level: 9 }));
}

/** Sends an HTML page, compressed when the browser accepts it; never cached without asking again. */
export function sendHtml(reply: FastifyReply, status: number, html: string): void {
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  void reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding');
  if (encoding) void reply.header('content-encoding', encoding).send(compressed(html, encoding));
  else void reply.send(html);
}
