import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { contentDisposition, sendFile, type FileReply } from './send-file';

/** The answer a real Fastify reply gives for the file (headers as sent, bytes as received). */
async function answer(file: FileReply) {
  const app = Fastify();
  app.get('/', (_request, reply) => sendFile(reply, file));
  try {
    const res = await app.inject({ method: 'GET', url: '/' });
    const { date: _date, connection: _connection, ...headers } = res.headers;
    return { status: res.statusCode, headers, body: res.rawPayload };
  } finally {
    await app.close();
  }
}

const ARABIC_NAME = 'شهادة شكر - طلب 7.pdf';
const ARABIC_DISPOSITION = `filename="_____ ___ - ___ 7.pdf"; filename*=UTF-8''${encodeURIComponent(ARABIC_NAME)}`;

describe('sendFile', () => {
  it('sends a buffer as a private download under its Arabic name', async () => {
    const pdf = Buffer.from('%PDF-1.7 bytes');
    expect(await answer({ body: pdf, contentType: 'application/pdf', fileName: ARABIC_NAME })).toEqual({
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; ${ARABIC_DISPOSITION}`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-length': String(pdf.length),
      },
      body: pdf,
    });
  });

  it('streams with the given size, disposition and cache policy', async () => {
    const bytes = Buffer.from('stored bytes');
    const res = await answer({
      body: Readable.from([bytes]),
      size: bytes.length,
      contentType: 'image/png',
      fileName: ARABIC_NAME,
      disposition: 'inline',
      cacheControl: 'private, max-age=300',
    });
    expect(res.headers).toEqual({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'content-disposition': `inline; ${ARABIC_DISPOSITION}`,
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
    });
    expect(res.body).toEqual(bytes);
  });

  it('names no file when none is given (an image shown in place)', async () => {
    const res = await answer({ body: Buffer.from('png'), contentType: 'image/png', cacheControl: 'public, max-age=3600' });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('contentDisposition', () => {
  it('keeps the UTF-8 name and gives ASCII readers a safe fallback', () => {
    expect(contentDisposition('attachment', 'تقرير "أ\\ب".pdf')).toBe(
      `attachment; filename="_____ _____.pdf"; filename*=UTF-8''${encodeURIComponent('تقرير "أ\\ب".pdf')}`,
    );
    expect(contentDisposition('inline', 'x.png')).toBe(`inline; filename="x.png"; filename*=UTF-8''x.png`);
  });

  it('never ends a name in an executable or markup extension, and never leaves it empty', () => {
    expect(contentDisposition('attachment', 'a.js.html')).toBe(`attachment; filename="a"; filename*=UTF-8''a`);
    expect(contentDisposition('attachment', '')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
