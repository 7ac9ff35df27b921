import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SafeStoredFileNames1764700000301 } from '../../src/database/migrations/1764700000301-SafeStoredFileNames';
import type { GovernanceCard, Sticker, UploadTicket } from '../../src/shared/api/content-admin';
import { signInAdmin } from '../support/admin-session';
import { minimalDoc, minimalDocx, oleOf, pdfWith, pdfWithObjectStream, zipOf } from '../support/office-files';
import { executable, pdf, png } from '../support/sample-files';
import { createTestApp, TestApp } from '../support/test-app';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOC = 'application/msword';
const PDF = 'application/pdf';
const UNSAFE_END = /\.(html?|svg|xml|js|exe|bat|cmd|sh|msi|scr|ps1|php)(["';]|$)/i;

/**
 * Documents are checked by their own structure, not only their first bytes, and no stored or served
 * file name ends in an executable or markup extension (issue 22).
 */
describe('uploaded documents and file names', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'structure-admin')).token}` };
  });
  afterAll(() => t.close());

  async function upload(kind: 'stickers' | 'governance', contentType: string, body: Buffer) {
    const ticket: UploadTicket = (await t.http.post(`/api/admin/${kind}/upload-url`).set(auth).send({ contentType }).expect(200)).body;
    const put = await t.http.put(ticket.uploadURL).set('content-type', contentType).send(body);
    return { ticket, status: put.status, body: put.body as { code?: string } };
  }

  const disposition = async (url: string) => (await t.http.get(url).expect(200)).headers['content-disposition'] as string;

  it('refuses a ZIP holding an .exe sent as .docx, an OLE file without WordDocument as .doc, a PDF with a script action', async () => {
    const refused = [
      await upload('governance', DOCX, zipOf({ 'report.exe': executable() })),
      await upload('governance', DOC, oleOf({ Workbook: Buffer.alloc(1024) })),
      await upload('governance', PDF, pdfWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')),
      await upload('governance', PDF, pdfWithObjectStream('<< /S /JavaScript /JS (app.alert(1)) >>')),
    ];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([415, 'FILE_CONTENT_MISMATCH']));
    // Nothing refused can be attached to a card.
    for (const r of refused)
      await t.http.post('/api/admin/governance').set(auth).send({ title: 'مرفوض', objectPath: r.ticket.objectPath }).expect(400);
  });

  it('accepts a real .docx, .doc and PDF; a document named report.exe.docx is stored and served as report.docx', async () => {
    for (const [type, bytes] of [
      [DOC, minimalDoc()],
      [PDF, pdf()],
    ] as const)
      expect((await upload('governance', type, bytes)).status).toBe(200);

    const { ticket, status } = await upload('governance', DOCX, minimalDocx());
    expect(status).toBe(200);
    const created = await t.http
      .post('/api/admin/governance')
      .set(auth)
      .send({ title: 'لائحة', fileUrl: ticket.objectPath, fileName: 'report.exe.docx' })
      .expect(201);
    const card: GovernanceCard = created.body;
    expect(card.fileName).toBe('report.docx');
    const link = (await t.http.get(card.fileUrl!).expect(200)).body.url as string;
    expect(await disposition(link)).toContain(`filename="report.docx"`);

    // Renaming the document keeps its own extension too.
    const renamed = await t.http.put(`/api/admin/governance/${card.id}`).set(auth).send({ fileName: 'page.html' }).expect(200);
    expect(renamed.body.fileName).toBe('page.docx');
  });

  it('a sticker named x.html is stored and served inline as x.png', async () => {
    const { ticket } = await upload('stickers', 'image/png', png(8, 8));
    const created = await t.http
      .post('/api/admin/stickers')
      .set(auth)
      .send({ objectPath: ticket.objectPath, originalName: 'x.html' })
      .expect(201);
    const sticker: Sticker = created.body;
    expect(sticker.originalName).toBe('x.png');
    const served = await disposition(sticker.url!);
    expect(served).toMatch(/^inline; filename="x\.png"/);
    expect(served).not.toMatch(UNSAFE_END);
  });

  it('names saved before are served safely and renamed by the migration', async () => {
    const { ticket } = await upload('stickers', 'image/png', png(4, 4));
    const [row] = await db.query(
      `INSERT INTO sticker_images (name, object_path, file_size, mime_type) VALUES ('old.svg', $1, 10, 'image/png') RETURNING id`,
      [ticket.objectPath],
    );
    const listed = (await t.http.get('/api/admin/stickers').set(auth).expect(200)).body.find((s: Sticker) => s.id === row.id);
    expect(await disposition(listed.url)).toMatch(/^inline; filename="old\.png"/);

    const runner = db.createQueryRunner();
    try {
      await new SafeStoredFileNames1764700000301().up(runner);
    } finally {
      await runner.release();
    }
    const [after] = await db.query(`SELECT name FROM sticker_images WHERE id = $1`, [row.id]);
    expect(after.name).toBe('old.png');
  });
});
