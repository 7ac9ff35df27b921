import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Sticker, UploadTicket } from '../../src/shared/api/content-admin';
import { signInAdmin } from '../support/admin-session';
import { executable, pdf, png } from '../support/sample-files';
import { createTestApp, TestApp } from '../support/test-app';

const BUCKET = 'charity-files';

/** The S3 driver against a real S3-compatible server on this machine (s3rver), not a mock. */
describe('the S3-compatible storage driver', () => {
  let server: S3rver;
  let endpoint: string;
  let t: TestApp;
  let auth: { Authorization: string };
  let s3: S3Client;

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 's3rver-')),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = (await server.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
    const env = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    t = await createTestApp({ env });
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 's3-admin')).token}` };
    s3 = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    await server?.close();
  });

  const exists = (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      () => false,
    );

  async function upload(kind: 'stickers' | 'governance', type: string, body: Buffer): Promise<UploadTicket> {
    const { body: ticket } = await t.http.post(`/api/admin/${kind}/upload-url`).set(auth).send({ contentType: type }).expect(200);
    expect(ticket.uploadURL.startsWith(`${endpoint}/${BUCKET}/${ticket.objectPath}?`)).toBe(true);
    expect(ticket.uploadURL).toContain('X-Amz-Signature=');
    // What the browser does: PUT straight to the bucket with the signed Content-Type.
    const res = await fetch(ticket.uploadURL, { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(body) });
    expect(res.status).toBe(200);
    return ticket;
  }

  it('round trip: presigned PUT, record checked by content, presigned GET, delete removes the object', async () => {
    const image = png(16, 9);
    const ticket = await upload('stickers', 'image/png', image);
    const created = await t.http
      .post('/api/admin/stickers')
      .set(auth)
      .send({ objectPath: ticket.objectPath, originalName: 'شعار.png' })
      .expect(201);
    const sticker: Sticker = created.body;
    expect(sticker).toMatchObject({ fileSize: image.length, width: 16, height: 9, mimeType: 'image/png' });
    expect(sticker.url).toContain(`${endpoint}/${BUCKET}/${ticket.objectPath}?`);
    const served = await fetch(sticker.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), image)).toBe(0);

    await t.http.delete(`/api/admin/stickers/${sticker.id}`).set(auth).expect(200);
    expect(await exists(ticket.objectPath)).toBe(false);
  });

  it('refuses at the record call what the bucket accepted but is not what it claims, and deletes it', async () => {
    const ticket = await upload('stickers', 'image/png', executable());
    expect(await exists(ticket.objectPath)).toBe(true);
    const refused = await t.http
      .post('/api/admin/stickers')
      .set(auth)
      .send({ objectPath: ticket.objectPath, originalName: 'x.png' })
      .expect(415);
    expect(refused.body.code).toBe('FILE_CONTENT_MISMATCH');
    expect(await exists(ticket.objectPath)).toBe(false);
  });

  it('downloads a governance document as an attachment under its Arabic name', async () => {
    const document = pdf('s3');
    const ticket = await upload('governance', 'application/pdf', document);
    const { body } = await t.http
      .post('/api/admin/governance')
      .set(auth)
      .send({ title: 'تقرير مالي', objectPath: ticket.objectPath, fileName: 'التقرير المالي.pdf' })
      .expect(201);
    const { body: link } = await t.http.get(`/api/governance/${body.id}/file`).expect(200);
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('التقرير المالي.pdf')}`);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), document)).toBe(0);
    await t.http.delete(`/api/admin/governance/${body.id}`).set(auth).expect(200);
    expect(await exists(ticket.objectPath)).toBe(false);
  });
});
