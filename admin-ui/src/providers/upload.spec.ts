import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { UploadError, uploadFile } from './upload';

/**
 * The upload steps' own toasts (spec: separate error toasts for the upload link and the file upload),
 * with the network stubbed: the admin API's answers and the storage link's, as the browser gets them.
 */
describe('uploadFile says which step of an upload failed', () => {
  const realFetch = globalThis.fetch;
  let calls: string[];
  beforeEach(() => {
    calls = [];
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  /** Answers each call in turn (method and address recorded). */
  const network = (...answers: Response[]) => {
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
      return answers.shift()!;
    }) as typeof fetch;
  };
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'شكر.png', { type: 'image/png' });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as UploadError,
    );
  const proxyPage = (status: number) =>
    new Response(`<html><body>${status} Service Unavailable</body></html>`, { status, headers: { 'content-type': 'text/html' } });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('refuses a file that is not an image before asking anything', async () => {
    network();
    const error = await failure(uploadFile('sticker', new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' })));
    expect([error?.stage, error?.message]).toEqual(['check', 'نوع الملف غير مدعوم']);
    expect(calls).toEqual([]);
  });

  it('no upload link (a proxy’s own 503 page): the link step, in Arabic words only', async () => {
    network(proxyPage(503));
    const error = await failure(uploadFile('sticker', png()));
    expect(error).toBeInstanceOf(UploadError);
    expect([error?.stage, error?.message]).toEqual(['url', 'فشل في الحصول على رابط الرفع: خطأ في الخادم: 503']);
    expect(error?.message).not.toMatch(/[A-Za-z]{3}/);
    expect(calls).toEqual(['POST /api/admin/stickers/upload-url']);
  });

  it('the file refused by the server: the upload step, with the server’s reason; a bucket’s XML is not shown', async () => {
    const ticket = { uploadURL: '/api/files/upload?token=t', objectPath: 'stickers/x.png' };
    network(json(200, ticket), json(415, { statusCode: 415, code: 'FILE_CONTENT_MISMATCH', message: 'محتوى الملف لا يطابق نوعه' }));
    const refused = await failure(uploadFile('sticker', png()));
    expect([refused?.stage, refused?.message]).toEqual(['upload', 'فشل في رفع الملف: محتوى الملف لا يطابق نوعه']);
    expect(calls).toEqual(['POST /api/admin/stickers/upload-url', 'PUT /api/files/upload?token=t']);

    network(json(200, ticket), new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }));
    const bucket = await failure(uploadFile('sticker', png()));
    expect([bucket?.stage, bucket?.message]).toEqual(['upload', 'فشل في رفع الملف']);
  });

  it('answers the stored path once the file is up', async () => {
    network(json(200, { uploadURL: '/api/files/upload?token=t', objectPath: 'stickers/x.png' }), json(200, { size: 4 }));
    await expect(uploadFile('sticker', png())).resolves.toBe('stickers/x.png');
  });
});
