import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { GovernanceCard, Sticker, UploadTicket } from '../../src/shared/api/content-admin';
import { signInAdmin } from '../support/admin-session';
import { docx, executable, pdf, png } from '../support/sample-files';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('stickers and governance documents on the local storage driver', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let filesDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'files-admin')).token}` };
    filesDir = t.config.storage.localDir;
  });
  afterAll(async () => {
    await t.close();
  });

  async function ticket(kind: 'stickers' | 'governance', contentType: string): Promise<UploadTicket> {
    const res = await t.http.post(`/api/admin/${kind}/upload-url`).set(auth).send({ contentType }).expect(200);
    expect(res.body.uploadURL).toMatch(/^\/api\/files\/upload\?token=/);
    return res.body;
  }

  const put = (url: string, type: string, body: Buffer) => t.http.put(url).set('content-type', type).send(body);
  const storedFiles = (folder: string) => (existsSync(join(filesDir, folder)) ? readdirSync(join(filesDir, folder)) : []);

  it('needs an admin session to ask for an upload link, to list or to record', async () => {
    await t.http.post('/api/admin/stickers/upload-url').send({ contentType: 'image/png' }).expect(401);
    await t.http.get('/api/admin/stickers').expect(401);
    await t.http.post('/api/admin/governance').send({ title: 'x' }).expect(401);
    await t.http.get('/api/admin/governance').expect(401);
  });

  it('uploads a sticker through a signed link, records it with its measured size and dimensions, and serves it', async () => {
    const image = png(40, 24);
    const link = await ticket('stickers', 'image/png');
    const stored = await put(link.uploadURL, 'image/png', image).expect(200);
    expect(stored.body.size).toBe(image.length);

    const created = await t.http
      .post('/api/admin/stickers')
      .set(auth)
      .send({
        objectPath: link.objectPath,
        originalName: 'ملصق الشكر.png',
        fileSize: 1,
        mimeType: 'image/gif',
        filename: 'x',
        description: ' شكراً لكم ',
      })
      .expect(201);
    const sticker: Sticker = created.body;
    expect(created.body.id).toEqual(expect.any(Number));
    // What the server measured, not what the client claimed.
    expect(sticker).toMatchObject({
      originalName: 'ملصق الشكر.png',
      fileSize: image.length,
      mimeType: 'image/png',
      width: 40,
      height: 24,
      description: 'شكراً لكم',
      isActive: true,
    });
    const [row] = await db.query(`SELECT uploaded_by FROM sticker_images WHERE id = $1`, [sticker.id]);
    expect(row.uploaded_by).toBe('files-admin');

    const list = await t.http.get('/api/admin/stickers').set(auth).expect(200);
    const listed = list.body.find((s: Sticker) => s.id === sticker.id);
    const served = await t.http
      .get(listed.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(Buffer.compare(served.body as Buffer, image)).toBe(0);

    // The same link a second time: refused, the stored file unchanged.
    const again = await put(link.uploadURL, 'image/png', png(2, 2)).expect(409);
    expect(again.body.message).toMatch(ARABIC);
    // And the same object cannot be recorded twice.
    const twice = await t.http
      .post('/api/admin/stickers')
      .set(auth)
      .send({ objectPath: link.objectPath, originalName: 'x.png' })
      .expect(400);
    expect(twice.body.errors.objectPath).toMatch(ARABIC);

    // Edit: sortOrder parsed as an integer, 0 when not a number (spec section 3).
    const edited = await t.http
      .put(`/api/admin/stickers/${sticker.id}`)
      .set(auth)
      .send({ description: 'ملصق', sortOrder: '7' })
      .expect(200);
    expect(edited.body).toMatchObject({ description: 'ملصق', sortOrder: 7 });
    const notNumber = await t.http.put(`/api/admin/stickers/${sticker.id}`).set(auth).send({ sortOrder: 'abc' }).expect(200);
    expect(notNumber.body.sortOrder).toBe(0);
    const off = await t.http.post(`/api/admin/stickers/${sticker.id}/toggle`).set(auth).send({ isActive: false }).expect(200);
    expect(off.body.isActive).toBe(false);

    // Delete: the row and the file go; the old link no longer serves it.
    await t.http.delete(`/api/admin/stickers/${sticker.id}`).set(auth).expect(200);
    expect(await db.query(`SELECT 1 FROM sticker_images WHERE id = $1`, [sticker.id])).toHaveLength(0);
    expect(storedFiles('stickers')).not.toContain(link.objectPath.split('/')[1]);
    await t.http.get(listed.url).expect(403);
    await t.http.delete(`/api/admin/stickers/${sticker.id}`).set(auth).expect(404);
  });

  it('refuses a renamed executable, a type other than the signed one, an oversize file, an expired or forged link', async () => {
    const notImage = await t.http.post('/api/admin/stickers/upload-url').set(auth).send({ contentType: 'image/svg+xml' }).expect(400);
    expect(notImage.body.errors.contentType).toBe('نوع الملف غير مدعوم');

    const renamed = await ticket('stickers', 'image/png');
    const exe = await put(renamed.uploadURL, 'image/png', executable()).expect(415);
    expect(exe.body.code).toBe('FILE_CONTENT_MISMATCH');
    expect(exe.body.message).toMatch(ARABIC);
    const record = await t.http
      .post('/api/admin/stickers')
      .set(auth)
      .send({ objectPath: renamed.objectPath, originalName: 'virus.png' })
      .expect(400);
    expect(record.body.code).toBe('FILE_NOT_UPLOADED');

    const wrongType = await ticket('stickers', 'image/png');
    await put(wrongType.uploadURL, 'image/jpeg', png(2, 2)).expect(415);

    const big = await ticket('stickers', 'image/png');
    const oversize = await put(big.uploadURL, 'image/png', png(10, 10, 5 * 1024 * 1024)).expect(413);
    expect(oversize.body.message).toMatch(ARABIC);

    const late = await ticket('stickers', 'image/png');
    t.clock.advance(t.config.storage.uploadUrlTtlSeconds * 1000 + 1000);
    await put(late.uploadURL, 'image/png', png(2, 2)).expect(403);
    const forged = late.uploadURL.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await put(forged, 'image/png', png(2, 2)).expect(403);
    await put('/api/files/upload?token=../../etc/passwd', 'image/png', png(2, 2)).expect(403);

    const leftovers = storedFiles('stickers').filter((f) =>
      [renamed, big, late].some((l) => l.objectPath.endsWith(f.replace(/\.part$/, ''))),
    );
    expect(leftovers).toEqual([]);
    expect(
      await db.query(`SELECT 1 FROM sticker_images WHERE object_path = ANY($1)`, [[renamed.objectPath, big.objectPath, late.objectPath]]),
    ).toHaveLength(0);
  });

  it('leaves no record and no partial file when the upload is cut off half-way', async () => {
    const link = await ticket('stickers', 'image/png');
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const image = png(200, 200, 200_000);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: link.uploadURL,
        headers: { 'content-type': 'image/png', 'content-length': image.length },
      });
      req.on('error', () => resolve());
      req.write(image.subarray(0, 100_000), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200),
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    const name = link.objectPath.split('/')[1];
    expect(storedFiles('stickers').filter((f) => f.startsWith(name))).toEqual([]);
    const record = await t.http
      .post('/api/admin/stickers')
      .set(auth)
      .send({ objectPath: link.objectPath, originalName: 'cut.png' })
      .expect(400);
    expect(record.body.code).toBe('FILE_NOT_UPLOADED');
    // The link was never used: a full upload with it still works.
    await put(link.uploadURL, 'image/png', image).expect(200);
  });

  it('governance cards: created with a document, listed publicly with a download under the file name, hidden when off', async () => {
    const missingTitle = await t.http.post('/api/admin/governance').set(auth).send({ title: '  ', description: 'x' }).expect(400);
    expect(missingTitle.body.errors.title).toMatch(ARABIC);

    const document = docx();
    const link = await ticket('governance', DOCX);
    await put(link.uploadURL, DOCX, document).expect(200);
    const created = await t.http
      .post('/api/admin/governance')
      .set(auth)
      .send({
        title: 'اللائحة الأساسية',
        description: 'لائحة الجمعية',
        content: 'نص '.repeat(100),
        fileUrl: link.objectPath,
        fileName: 'اللائحة الأساسية.docx',
        fileType: 'x',
        fileSize: 1,
      })
      .expect(201);
    const card: GovernanceCard = created.body;
    expect(card).toMatchObject({
      title: 'اللائحة الأساسية',
      fileName: 'اللائحة الأساسية.docx',
      fileType: DOCX,
      fileSize: document.length,
      displayOrder: 0,
      isActive: true,
    });
    expect(card.fileUrl).toBe(`/api/governance/${card.id}/file`);

    const publicList = await t.http.get('/api/governance').expect(200);
    const shown = publicList.body.find((c: GovernanceCard) => c.id === card.id);
    expect(shown.title).toBe('اللائحة الأساسية');
    expect(JSON.stringify(publicList.body)).not.toContain(link.objectPath);

    const { body: file } = await t.http.get(card.fileUrl!).expect(200);
    const download = await t.http
      .get(file.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe(DOCX);
    expect(download.headers['content-disposition']).toContain(`attachment; filename="`);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('اللائحة الأساسية.docx')}`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(download.body as Buffer, document)).toBe(0);

    // A new document replaces the old one, whose file is removed.
    const next = await ticket('governance', 'application/pdf');
    await put(next.uploadURL, 'application/pdf', pdf()).expect(200);
    const replaced = await t.http
      .put(`/api/admin/governance/${card.id}`)
      .set(auth)
      .send({ objectPath: next.objectPath, fileName: 'اللائحة' })
      .expect(200);
    expect(replaced.body).toMatchObject({ fileName: 'اللائحة.pdf', fileType: 'application/pdf' });
    expect(storedFiles('governance')).not.toContain(link.objectPath.split('/')[1]);

    await t.http.patch(`/api/admin/governance/${card.id}/toggle`).set(auth).send({ isActive: false }).expect(200);
    const afterToggle = await t.http.get('/api/governance').expect(200);
    expect(afterToggle.body.some((c: GovernanceCard) => c.id === card.id)).toBe(false);
    await t.http.get(`/api/governance/${card.id}/file`).expect(404);
    const adminList = await t.http.get('/api/admin/governance').set(auth).expect(200);
    expect(adminList.body.find((c: GovernanceCard) => c.id === card.id).isActive).toBe(false);

    await t.http.delete(`/api/admin/governance/${card.id}`).set(auth).expect(200);
    expect(storedFiles('governance')).not.toContain(next.objectPath.split('/')[1]);
    await t.http.get('/api/governance/99999999999/file').expect(400);
    await t.http.get('/api/governance/abc/file').expect(400);
  });

  it('refuses a renamed executable as a governance document and a document declared as something else', async () => {
    const link = await ticket('governance', 'application/pdf');
    await put(link.uploadURL, 'application/pdf', executable()).expect(415);
    await t.http.post('/api/admin/governance').set(auth).send({ title: 'مستند', objectPath: link.objectPath }).expect(400);
    expect(await db.query(`SELECT 1 FROM governance_cards WHERE title = 'مستند'`)).toHaveLength(0);
    const exe = await t.http
      .post('/api/admin/governance/upload-url')
      .set(auth)
      .send({ contentType: 'application/x-msdownload' })
      .expect(400);
    expect(exe.body.errors.contentType).toMatch(ARABIC);
    // A path the server never issued for documents.
    const forged = await t.http
      .post('/api/admin/governance')
      .set(auth)
      .send({ title: 'مستند', objectPath: '../stickers/x.pdf' })
      .expect(400);
    expect(forged.body.errors.objectPath).toMatch(ARABIC);
  });
});
