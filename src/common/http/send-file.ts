import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { withoutUnsafeExtensions } from '../../shared/files';

/** A file answer: the bytes (or a stream of them) and how the browser should take them. */
export interface FileReply {
  body: Buffer | Readable;
  contentType: string;
  /** The name it is saved under (Arabic kept); without one, no Content-Disposition (an image shown in place). */
  fileName?: string;
  disposition?: 'inline' | 'attachment';
  /** Most files are one person's papers: by default never kept by a browser or a proxy. */
  cacheControl?: string;
  /** Content-Length, for a stream whose size is known (a buffer's is set by Fastify). */
  size?: number;
}

/**
 * RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 (Arabic) name, which never ends in
 * an executable or markup extension whoever chose it.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fileName = withoutUnsafeExtensions(name);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Every file the api answers goes out through here, so each carries the same headers. */
export function sendFile(reply: FastifyReply, file: FileReply): FastifyReply {
  reply.header('content-type', file.contentType);
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  if (file.fileName !== undefined) reply.header('content-disposition', contentDisposition(file.disposition ?? 'attachment', file.fileName));
  return reply
    .header('cache-control', file.cacheControl ?? 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
