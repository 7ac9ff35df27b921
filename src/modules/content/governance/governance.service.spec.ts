import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_NOW } from '../../../../test/support/test-service';
import type { DbScope } from '../../../database/db-scope';
import { FilesService } from '../../files/files.service';
import type { GovernanceCardEntity } from '../entities/governance-card.entity';
import { GovernanceRepository, type GovernanceChanges } from './governance.repository';
import { GovernanceService } from './governance.service';

const NOT_FOUND = 'البطاقة غير موجودة';
const FILE_TAKEN = 'هذا الملف مرفق ببطاقة أخرى';
const OLD_PATH = 'documents/AAAAAAAAAAAAAAAAAAAAAAAA.pdf';
const NEW_PATH = 'documents/BBBBBBBBBBBBBBBBBBBBBBBB.docx';

/** governance_cards in memory (file_url unique, as its index). */
class FakeCards {
  rows = new Map<number, GovernanceCardEntity>();
  nextId = 10;
  uniqueViolationOnInsert = false;
  async find(id: number) {
    return this.rows.get(id) ?? null;
  }
  async pathTaken(path: string) {
    return [...this.rows.values()].some((r) => r.fileUrl === path);
  }
  async insert(_tx: DbScope, card: GovernanceChanges & { title: string }) {
    if (this.uniqueViolationOnInsert) throw Object.assign(new Error('duplicate key'), { code: '23505' });
    const row = {
      fileUrl: null,
      fileName: null,
      fileType: null,
      fileSize: null,
      ...card,
      id: this.nextId++,
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
    };
    this.rows.set(row.id, row as GovernanceCardEntity);
    return row as GovernanceCardEntity;
  }
  async update(_tx: DbScope, id: number, changes: GovernanceChanges) {
    const before = this.rows.get(id);
    if (!before) return null;
    const after = { ...before, ...changes };
    this.rows.set(id, after);
    return { before, after };
  }
  async delete(_tx: DbScope, id: number) {
    const row = this.rows.get(id) ?? null;
    this.rows.delete(id);
    return row;
  }
}

function setup() {
  const cards = new FakeCards();
  cards.rows.set(1, {
    id: 1,
    title: 'التقرير السنوي',
    description: null,
    content: null,
    fileUrl: OLD_PATH,
    fileName: 'التقرير.pdf',
    fileType: 'application/pdf',
    fileSize: 2048,
    displayOrder: 1,
    isActive: true,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
  });
  const t = newTestService(GovernanceService, { provide: [[GovernanceRepository, cards]] });
  const files = t.mock(FilesService);
  files.verify.mockImplementation(async (_kind, path) => ({
    objectPath: path as string,
    size: 4096,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    width: null,
    height: null,
  }));
  files.downloadUrl.mockResolvedValue('https://files.example/signed');
  // A stored file is removed only after the change is committed.
  const removedAt: [string, number][] = [];
  files.remove.mockImplementation(async (path) => void removedAt.push([path, t.uow.commits]));
  return { ...t, cards, files, removedAt };
}

describe('GovernanceService.create', () => {
  it('attaches a checked document under a safe name, logs it, and never shows its storage path', async () => {
    const t = setup();
    const card = await t.sut.create(
      { title: '  اللائحة الأساسية ', objectPath: NEW_PATH, fileName: 'لائحة.exe.docx', displayOrder: '3' },
      admin,
    );
    expect(t.files.verify).toHaveBeenCalledWith('document', NEW_PATH);
    expect(t.cards.rows.get(card.id)).toEqual(
      expect.objectContaining({
        title: 'اللائحة الأساسية',
        fileUrl: NEW_PATH,
        fileName: 'لائحة.docx',
        fileSize: 4096,
        displayOrder: 3,
        isActive: true,
      }),
    );
    expect(card.fileUrl).toBe(`/api/governance/${card.id}/file`);
    expect(t.activity.entries).toEqual([
      {
        action: 'governance_created',
        entityType: 'governance_card',
        entityId: card.id,
        userId: 3,
        metadata: { title: 'اللائحة الأساسية' },
      },
    ]);
  });

  it('refuses a card without a title (control characters do not count), checking no file', async () => {
    const t = setup();
    const error = await refusal(t.sut.create({ title: ' \u0000\u0007 ', objectPath: NEW_PATH }, admin));
    expect([error.status, error.message, error.options.errors]).toEqual([400, 'عنوان البطاقة مطلوب', { title: 'عنوان البطاقة مطلوب' }]);
    expect(t.files.verify).not.toHaveBeenCalled();
    expect(t.cards.rows.size).toBe(1);
  });

  it('refuses a document already attached to another card, before or while saving', async () => {
    const t = setup();
    const before = await refusal(t.sut.create({ title: 'نسخة', objectPath: OLD_PATH }, admin));
    expect([before.status, before.message, before.options.errors]).toEqual([400, FILE_TAKEN, { objectPath: FILE_TAKEN }]);
    expect(t.files.verify).not.toHaveBeenCalled();

    // Two administrators attaching the same upload at once: the unique index answers for the second.
    t.cards.uniqueViolationOnInsert = true;
    const racing = await refusal(t.sut.create({ title: 'نسخة', objectPath: NEW_PATH }, admin));
    expect([racing.status, racing.message]).toEqual([400, FILE_TAKEN]);
    expect(t.activity.entries).toEqual([]);
  });
});

describe('GovernanceService.update', () => {
  it('replaces the document and removes the old file only after the change is committed', async () => {
    const t = setup();
    const card = await t.sut.update(1, { objectPath: NEW_PATH, fileName: 'اللائحة.docx' }, admin);
    expect(t.cards.rows.get(1)).toEqual(expect.objectContaining({ fileUrl: NEW_PATH, fileName: 'اللائحة.docx' }));
    expect(t.removedAt).toEqual([[OLD_PATH, 1]]);
    expect(card.fileUrl).toBe('/api/governance/1/file');
    expect(t.activity.entries).toEqual([
      expect.objectContaining({
        action: 'governance_updated',
        entityId: 1,
        userId: 3,
        metadata: { fields: ['fileUrl', 'fileName', 'fileType', 'fileSize'] },
      }),
    ]);
  });

  it('drops the document on request, and renames it keeping its stored extension', async () => {
    const t = setup();
    await t.sut.update(1, { fileName: 'تقرير 2025.exe' }, admin);
    expect(t.cards.rows.get(1)?.fileName).toBe('تقرير 2025.pdf');
    expect(t.removedAt).toEqual([]);
    const card = await t.sut.update(1, { removeFile: true }, admin);
    expect([card.fileUrl, card.fileName]).toEqual([null, null]);
    expect(t.removedAt).toEqual([[OLD_PATH, 2]]);
  });

  it('logs only the fields whose value changed, and writes no activity row when nothing changed', async () => {
    const t = setup();
    expect((await t.sut.update(1, {}, admin)).title).toBe('التقرير السنوي');
    await t.sut.update(1, { title: ' التقرير السنوي ', displayOrder: 1, isActive: true, fileName: 'التقرير.pdf' }, admin);
    expect(t.activity.entries).toEqual([]);

    await t.sut.update(1, { title: 'التقرير السنوي 2026', isActive: true }, admin);
    expect(t.activity.entries).toEqual([
      { action: 'governance_updated', entityType: 'governance_card', entityId: 1, userId: 3, metadata: { fields: ['title'] } },
    ]);
  });

  it('refuses an emptied title and answers 404 for a card that does not exist, changing nothing', async () => {
    const t = setup();
    const blank = await refusal(t.sut.update(1, { title: '   ' }, admin));
    expect([blank.status, blank.message]).toEqual([400, 'عنوان البطاقة مطلوب']);
    const missing = await refusal(t.sut.update(99, { objectPath: NEW_PATH }, admin));
    expect([missing.status, missing.message]).toEqual([404, NOT_FOUND]);
    expect(t.files.verify).not.toHaveBeenCalled();
    expect([t.uow.commits, t.activity.entries]).toEqual([0, []]);
  });
});

describe('GovernanceService.remove', () => {
  it('deletes the card, logs its title and removes its file after the commit', async () => {
    const t = setup();
    const removed = await t.sut.remove(1, admin);
    expect([removed.id, removed.fileUrl]).toEqual([1, null]);
    expect(t.cards.rows.has(1)).toBe(false);
    expect(t.activity.entries).toEqual([
      { action: 'governance_deleted', entityType: 'governance_card', entityId: 1, userId: 3, metadata: { title: 'التقرير السنوي' } },
    ]);
    expect(t.removedAt).toEqual([[OLD_PATH, 1]]);
  });

  it('answers 404 for a card that does not exist, removing no file', async () => {
    const t = setup();
    const error = await refusal(t.sut.remove(99, admin));
    expect([error.status, error.message]).toEqual([404, NOT_FOUND]);
    expect([t.removedAt, t.activity.entries]).toEqual([[], []]);
  });
});

describe('GovernanceService.fileLink', () => {
  it('answers a link that downloads the document as an attachment under its name', async () => {
    const t = setup();
    expect(await t.sut.fileLink(1)).toEqual({ url: 'https://files.example/signed' });
    expect(t.files.downloadUrl).toHaveBeenCalledWith(OLD_PATH, {
      contentType: 'application/pdf',
      fileName: 'التقرير.pdf',
      disposition: 'attachment',
    });
  });

  it.each([
    ['a hidden card', { isActive: false }],
    ['a card without a document', { fileUrl: null }],
  ])('answers 404 «الملف غير موجود» for %s', async (_case, changes) => {
    const t = setup();
    Object.assign(t.cards.rows.get(1)!, changes);
    const error = await refusal(t.sut.fileLink(1));
    expect([error.status, error.message]).toEqual([404, 'الملف غير موجود']);
    expect(t.files.downloadUrl).not.toHaveBeenCalled();
  });
});
