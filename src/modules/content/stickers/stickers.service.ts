import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import type { Sticker } from '../../../shared/api/content-admin';
import { ActivityLogService } from '../../reports/activity-log.service';
import { FilesService } from '../../files/files.service';
import { safeFileName } from '../../../shared/files';
import type { StickerImageEntity } from '../entities/sticker-image.entity';
import { cleanText, isUniqueViolation } from '../text-input';
import { StickersRepository } from './stickers.repository';
import { UnitOfWork } from '../../messaging/outbox/unit-of-work';

const NOT_FOUND = 'الملصق غير موجود';

/** Stickers for the automatic messages (spec: admin-side section 2, Sticker management; section 7, Stickers). */
@Injectable()
export class StickersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: StickersRepository,
    private readonly files: FilesService,
    private readonly activity: ActivityLogService,
  ) {}

  uploadUrl(contentType: unknown) {
    return this.files.issueUpload('sticker', contentType);
  }

  async list(): Promise<Sticker[]> {
    const rows = await this.repo.all();
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async create(input: { objectPath: string; originalName: string; description?: string | null }, admin?: AdminPrincipal) {
    const originalName = cleanText(input.originalName, 255);
    if (!originalName) throw DomainException.validation({ originalName: 'اسم الملف مطلوب' }, 'اسم الملف مطلوب');
    if (await this.repo.pathTaken(input.objectPath))
      throw DomainException.validation({ objectPath: 'هذا الملف مسجل من قبل' }, 'هذا الملف مسجل من قبل');
    const stored = await this.files.verify('sticker', input.objectPath);
    // The name the administrator chose, ending in the stored image's own extension ("x.html" → "x.png").
    const name = safeFileName(originalName, stored.objectPath.split('.').pop() ?? 'png');
    const sortOrder = await this.repo.nextSortOrder();
    try {
      const row = await this.uow.run(async ({ manager }) => {
        const created = await this.repo.insert(manager, {
          name,
          filename: stored.objectPath.split('/').pop() ?? null,
          objectPath: stored.objectPath,
          fileSize: stored.size,
          mimeType: stored.mimeType,
          width: stored.width,
          height: stored.height,
          description: cleanText(input.description, 1000) || null,
          uploadedBy: admin?.username ?? null,
          sortOrder,
        });
        await this.activity.record(manager, {
          action: 'sticker_uploaded',
          entityType: 'sticker',
          entityId: created.id,
          userId: admin?.userId,
          metadata: { name, size: stored.size },
        });
        return created;
      });
      return { success: true as const, message: 'تم رفع الملصق بنجاح', sticker: await this.view(row) };
    } catch (error) {
      if (isUniqueViolation(error)) throw DomainException.validation({ objectPath: 'هذا الملف مسجل من قبل' }, 'هذا الملف مسجل من قبل');
      throw error;
    }
  }

  async update(id: number, input: { description?: string | null; sortOrder?: unknown }) {
    const changes: { description?: string | null; sortOrder?: number } = {};
    if (input.description !== undefined) changes.description = cleanText(input.description, 1000) || null;
    if (input.sortOrder !== undefined) changes.sortOrder = sortOrderOf(input.sortOrder);
    const row = await this.uow.run(({ manager }) => this.repo.update(manager, id, changes));
    if (!row) throw DomainException.notFound(NOT_FOUND);
    return { success: true as const, message: 'تم تحديث الملصق بنجاح', sticker: await this.view(row) };
  }

  async toggle(id: number, isActive: boolean) {
    const row = await this.uow.run(({ manager }) => this.repo.update(manager, id, { isActive }));
    if (!row) throw DomainException.notFound(NOT_FOUND);
    return { success: true as const, message: isActive ? 'تم تفعيل الملصق' : 'تم تعطيل الملصق', sticker: await this.view(row) };
  }

  async remove(id: number, admin?: AdminPrincipal) {
    const row = await this.uow.run(async ({ manager }) => {
      const removed = await this.repo.delete(manager, id);
      if (removed)
        await this.activity.record(manager, {
          action: 'sticker_deleted',
          entityType: 'sticker',
          entityId: id,
          userId: admin?.userId,
          metadata: { name: removed.name },
        });
      return removed;
    });
    if (!row) throw DomainException.notFound(NOT_FOUND);
    await this.files.remove(row.objectPath);
    return { success: true as const, message: 'تم حذف الملصق بنجاح' };
  }

  private async view(row: StickerImageEntity): Promise<Sticker> {
    const url = await this.files
      .downloadUrl(row.objectPath, { contentType: row.mimeType, fileName: row.name, disposition: 'inline' })
      .catch(() => null);
    return {
      id: row.id,
      filename: row.filename,
      originalName: row.name,
      fileSize: row.fileSize,
      mimeType: row.mimeType,
      objectPath: row.objectPath,
      description: row.description,
      sortOrder: row.sortOrder,
      isActive: row.isActive,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt.toISOString(),
      url,
    };
  }
}

/** Spec §3: sortOrder is parsed as an integer and is 0 when it is not a number. */
export function sortOrderOf(raw: unknown): number {
  const value = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  if (!Number.isFinite(value)) return 0;
  return Math.max(-1_000_000, Math.min(1_000_000, Math.trunc(value)));
}
