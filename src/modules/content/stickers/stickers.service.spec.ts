import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_NOW } from '../../../../test/support/test-service';
import type { DbScope } from '../../../database/db-scope';
import { FilesService } from '../../files/files.service';
import type { StickerImageEntity } from '../entities/sticker-image.entity';
import { StickersRepository } from './stickers.repository';
import { StickersService } from './stickers.service';

const TAKEN = 'هذا الملف مسجل من قبل';
const PATH = 'stickers/CCCCCCCCCCCCCCCCCCCCCCCC.png';

type NewSticker = Parameters<StickersRepository['insert']>[1];

/** sticker_images in memory (object_path unique, as its index). */
class FakeStickers {
  rows = new Map<number, StickerImageEntity>();
  nextId = 20;
  uniqueViolationOnInsert = false;
  async find(id: number) {
    return this.rows.get(id) ?? null;
  }
  async pathTaken(path: string) {
    return [...this.rows.values()].some((r) => r.objectPath === path);
  }
  async nextSortOrder() {
    return this.rows.size + 1;
  }
  async insert(_tx: DbScope, sticker: NewSticker) {
    if (this.uniqueViolationOnInsert) throw Object.assign(new Error('duplicate key'), { driverError: { code: '23505' } });
    const row = { ...sticker, id: this.nextId++, isActive: true, createdAt: TEST_NOW, updatedAt: TEST_NOW } as StickerImageEntity;
    this.rows.set(row.id, row);
    return row;
  }
  async update(_tx: DbScope, id: number, changes: Partial<StickerImageEntity>) {
    const row = this.rows.get(id);
    if (!row) return null;
    Object.assign(row, changes);
    return row;
  }
  async delete(_tx: DbScope, id: number) {
    const row = this.rows.get(id) ?? null;
    this.rows.delete(id);
    return row;
  }
}

function setup() {
  const stickers = new FakeStickers();
  const t = newTestService(StickersService, { provide: [[StickersRepository, stickers]] });
  const files = t.mock(FilesService);
  files.verify.mockImplementation(async (_kind, path) => ({
    objectPath: path as string,
    size: 1234,
    mimeType: 'image/png',
    width: 512,
    height: 512,
  }));
  files.downloadUrl.mockResolvedValue('https://files.example/sticker.png');
  // A stored file is removed only after the deletion is committed.
  const removedAt: [string, number][] = [];
  files.remove.mockImplementation(async (path) => void removedAt.push([path, t.uow.commits]));
  return { ...t, stickers, files, removedAt };
}

describe('StickersService.create', () => {
  it('records a checked image under the administrator’s name with the image’s own extension, last in order, and logs it', async () => {
    const t = setup();
    const sticker = await t.sut.create({ objectPath: PATH, originalName: '  شكر.html ', description: '  للمناسبات ' }, admin);
    expect(t.files.verify).toHaveBeenCalledWith('sticker', PATH);
    expect(sticker).toEqual(
      expect.objectContaining({
        originalName: 'شكر.png',
        filename: 'CCCCCCCCCCCCCCCCCCCCCCCC.png',
        fileSize: 1234,
        mimeType: 'image/png',
        width: 512,
        description: 'للمناسبات',
        sortOrder: 1,
        isActive: true,
        url: 'https://files.example/sticker.png',
      }),
    );
    expect(t.stickers.rows.get(sticker.id)?.uploadedBy).toBe('huda');
    expect(t.activity.entries).toEqual([
      { action: 'sticker_uploaded', entityType: 'sticker', entityId: sticker.id, userId: 3, metadata: { name: 'شكر.png', size: 1234 } },
    ]);
  });

  it('refuses a sticker without a name, checking no file', async () => {
    const t = setup();
    const error = await refusal(t.sut.create({ objectPath: PATH, originalName: '   ' }, admin));
    expect([error.status, error.message, error.options.errors]).toEqual([400, 'اسم الملف مطلوب', { originalName: 'اسم الملف مطلوب' }]);
    expect(t.files.verify).not.toHaveBeenCalled();
  });

  it('refuses an upload already recorded, before or while saving', async () => {
    const t = setup();
    await t.sut.create({ objectPath: PATH, originalName: 'شكر.png' }, admin);
    const again = await refusal(t.sut.create({ objectPath: PATH, originalName: 'شكر.png' }, admin));
    expect([again.status, again.message, again.options.errors]).toEqual([400, TAKEN, { objectPath: TAKEN }]);
    expect(t.files.verify).toHaveBeenCalledTimes(1);

    t.stickers.uniqueViolationOnInsert = true;
    const racing = await refusal(t.sut.create({ objectPath: 'stickers/DDDDDDDDDDDDDDDDDDDDDDDD.png', originalName: 'ب.png' }, admin));
    expect([racing.status, racing.message]).toEqual([400, TAKEN]);
    expect(t.activity.entries).toHaveLength(1);
  });
});

describe('StickersService.update', () => {
  it.each([
    ['12', 12],
    ['abc', 0],
    [7.9, 7],
    [5_000_000_000, 1_000_000],
  ])('reads the display order %p as the whole number %p', async (sortOrder, stored) => {
    const t = setup();
    const { id } = await t.sut.create({ objectPath: PATH, originalName: 'شكر.png' }, admin);
    expect((await t.sut.update(id, { sortOrder })).sortOrder).toBe(stored);
  });

  it('empties a blank description, switches the sticker off, and answers 404 for one that does not exist', async () => {
    const t = setup();
    const { id } = await t.sut.create({ objectPath: PATH, originalName: 'شكر.png', description: 'قديم' }, admin);
    expect((await t.sut.update(id, { description: '   ' })).description).toBeNull();
    expect((await t.sut.toggle(id, false)).isActive).toBe(false);
    const error = await refusal(t.sut.update(99, { isActive: true }));
    expect([error.status, error.message]).toEqual([404, 'الملصق غير موجود']);
    // Switched on the list after another administrator deleted it: the same 404 and words.
    const toggled = await refusal(t.sut.toggle(99, true));
    expect([toggled.status, toggled.message]).toEqual([404, 'الملصق غير موجود']);
  });

  it('still lists a sticker when its link cannot be made (storage down): without a link', async () => {
    const t = setup();
    const { id } = await t.sut.create({ objectPath: PATH, originalName: 'شكر.png' }, admin);
    t.files.downloadUrl.mockRejectedValue(new Error('storage down'));
    expect((await t.sut.one(id)).url).toBeNull();
  });
});

describe('StickersService.remove', () => {
  it('deletes the sticker, logs its name and removes its file after the commit', async () => {
    const t = setup();
    const { id } = await t.sut.create({ objectPath: PATH, originalName: 'شكر.png' }, admin);
    const removed = await t.sut.remove(id, admin);
    expect([removed.id, removed.url]).toEqual([id, null]);
    expect(t.activity.entries[1]).toEqual({
      action: 'sticker_deleted',
      entityType: 'sticker',
      entityId: id,
      userId: 3,
      metadata: { name: 'شكر.png' },
    });
    expect(t.removedAt).toEqual([[PATH, 2]]);
  });

  it('answers 404 for a sticker that does not exist, removing no file', async () => {
    const t = setup();
    const error = await refusal(t.sut.remove(99, admin));
    expect([error.status, error.message]).toEqual([404, 'الملصق غير موجود']);
    expect([t.removedAt, t.activity.entries]).toEqual([[], []]);
  });
});
