import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../test/support/fakes';
import { executable, pdf, png } from '../../../test/support/sample-files';
import { newTestService } from '../../../test/support/test-service';
import { FilesService } from './files.service';
import { FileStorage, type DownloadOptions } from './storage';

/** Object storage in memory (an S3-like driver: uploads never pass through the app); `down` fails every call. */
class MemoryStorage {
  readonly driver = 's3' as const;
  files = new Map<string, Buffer>();
  removed: string[] = [];
  issued: string[] = [];
  downloads: { objectPath: string; options: DownloadOptions }[] = [];
  down = false;
  private check() {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
  }
  async uploadUrl(objectPath: string) {
    this.check();
    this.issued.push(objectPath);
    return `https://files.example.org/${objectPath}?signature=abc`;
  }
  async size(objectPath: string) {
    this.check();
    return this.files.get(objectPath)?.length ?? null;
  }
  async read(objectPath: string) {
    this.check();
    return Readable.from([this.files.get(objectPath)!], { objectMode: false });
  }
  async downloadUrl(objectPath: string, options: DownloadOptions) {
    this.check();
    this.downloads.push({ objectPath, options });
    return `https://files.example.org/${objectPath}?download`;
  }
  async write(objectPath: string, body: Buffer) {
    this.check();
    this.files.set(objectPath, body);
  }
  async remove(objectPath: string) {
    this.removed.push(objectPath);
    this.files.delete(objectPath);
  }
}

function setup() {
  const storage = new MemoryStorage();
  const t = newTestService(FilesService, { provide: [[FileStorage, storage]] });
  /** Issues an upload of `type` and "PUTs" the bytes to it, as a browser would. */
  const upload = async (kind: 'sticker' | 'document', type: string, bytes: Buffer) => {
    const issued = await t.sut.issueUpload(kind, type);
    storage.files.set(issued.objectPath, bytes);
    return issued.objectPath;
  };
  return { ...t, storage, upload };
}

const BAD_PATH = 'مسار الملف غير صالح، أعد رفع الملف';

describe('FilesService.issueUpload', () => {
  it("issues a random path under the kind's folder with the extension of the declared type, and its size limit", async () => {
    const t = setup();
    const first = await t.sut.issueUpload('sticker', ' Image/PNG ');
    const second = await t.sut.issueUpload('sticker', 'image/png');
    expect(first.objectPath).toMatch(/^stickers\/[A-Za-z0-9_-]{24}\.png$/);
    expect(second.objectPath).not.toBe(first.objectPath);
    expect(first).toEqual(
      expect.objectContaining({
        uploadURL: `https://files.example.org/${first.objectPath}?signature=abc`,
        contentType: 'image/png',
        maxBytes: 5 * 1024 * 1024,
      }),
    );
    expect((await t.sut.issueUpload('document', 'application/msword')).objectPath).toMatch(/^governance\/[A-Za-z0-9_-]{24}\.doc$/);
  });

  it.each([
    ['sticker', 'image/svg+xml', 'نوع الملف غير مدعوم'],
    ['document', 'text/html', 'نوع الملف غير مدعوم، يُقبل PDF أو Word (.pdf, .doc, .docx)'],
  ] as const)('refuses a %s of type %s with 400 and its Arabic reason, issuing no link', async (kind, type, message) => {
    const t = setup();
    const error = await refusal(t.sut.issueUpload(kind, type));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    expect(error.options.errors).toEqual({ contentType: message });
    expect(t.storage.issued).toEqual([]);
  });
});

describe('FilesService.verify (the record call, whatever the driver)', () => {
  it('accepts an image whose bytes are of its type, with its dimensions', async () => {
    const t = setup();
    const bytes = png(3, 2);
    const objectPath = await t.upload('sticker', 'image/png', bytes);
    expect(await t.sut.verify('sticker', objectPath)).toEqual({
      objectPath,
      size: bytes.length,
      mimeType: 'image/png',
      width: 3,
      height: 2,
    });
    expect(t.storage.removed).toEqual([]);
  });

  it.each([
    ['a path from another kind', 'governance/AAAAAAAAAAAAAAAAAAAAAAAA.png'],
    ['a path climbing out of the folder', 'stickers/../governance/AAAAAAAAAAAAAAAAAAAA.png'],
    ['an extension the kind never issues', 'stickers/AAAAAAAAAAAAAAAAAAAAAAAA.svg'],
    ['no path', undefined],
  ])('refuses %s with 400 naming the field, without touching the storage', async (_case, objectPath) => {
    const t = setup();
    t.storage.down = true;
    const error = await refusal(t.sut.verify('sticker', objectPath, 'imagePath'));
    expect([error.status, error.message]).toEqual([400, BAD_PATH]);
    expect(error.options.errors).toEqual({ imagePath: BAD_PATH });
  });

  it('refuses with 400 a path where nothing was uploaded', async () => {
    const t = setup();
    const { objectPath } = await t.sut.issueUpload('document', 'application/pdf');
    const error = await refusal(t.sut.verify('document', objectPath));
    expect([error.status, error.code, error.message]).toEqual([400, 'FILE_NOT_UPLOADED', 'لم يكتمل رفع الملف، أعد رفعه']);
  });

  it("refuses a file over the kind's limit with 413 and its Arabic reason, and deletes it", async () => {
    const t = setup();
    const objectPath = await t.upload('document', 'application/pdf', Buffer.concat([pdf(), Buffer.alloc(20 * 1024 * 1024)]));
    const error = await refusal(t.sut.verify('document', objectPath));
    expect([error.status, error.code, error.message]).toEqual([413, 'FILE_TOO_LARGE', 'حجم الملف كبير جداً، الحد الأقصى 20 ميغابايت']);
    expect(t.storage.removed).toEqual([objectPath]);
  });

  it('refuses with 415 a program renamed to an image, and deletes it', async () => {
    const t = setup();
    const objectPath = await t.upload('sticker', 'image/png', executable());
    const error = await refusal(t.sut.verify('sticker', objectPath));
    expect([error.status, error.code, error.message]).toEqual([415, 'FILE_CONTENT_MISMATCH', 'محتوى الملف لا يطابق نوعه، اختر ملفاً صحيحاً']);
    expect(t.storage.removed).toEqual([objectPath]);
    expect(t.storage.files.has(objectPath)).toBe(false);
  });

  it('answers 503 in Arabic, not a 500, when the storage cannot be reached', async () => {
    const t = setup();
    const objectPath = await t.upload('sticker', 'image/png', png(1, 1));
    t.storage.down = true;
    const error = await refusal(t.sut.verify('sticker', objectPath));
    expect([error.status, error.code, error.message]).toEqual([
      503,
      'STORAGE_UNAVAILABLE',
      'تخزين الملفات غير متاح حالياً، حاول مرة أخرى بعد قليل',
    ]);
  });
});

describe('FilesService other rules', () => {
  it("serves a download under a name ending in its type's extension, never a program's", async () => {
    const t = setup();
    await t.sut.downloadUrl('governance/x.pdf', {
      contentType: 'application/pdf',
      fileName: 'لائحة الجمعية.exe',
      disposition: 'attachment',
    });
    await t.sut.downloadUrl('governance/y', { contentType: 'text/plain', fileName: 'ملاحظات.html', disposition: 'attachment' });
    expect(t.storage.downloads.map((d) => d.options.fileName)).toEqual(['لائحة الجمعية.pdf', 'ملاحظات']);
  });

  it('refuses the local upload route with 403 when the files live in object storage', async () => {
    const t = setup();
    const error = await refusal(t.sut.receiveLocal('token', 'image/png', 10, Readable.from([png(1, 1)])));
    expect([error.status, error.code]).toEqual([403, 'UPLOAD_LINK_INVALID']);
  });
});
