import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { Sticker } from '../../../shared/api/content-admin';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { FilesService } from '../../files/files.service';
import { safeFileName } from '../../../shared/files';
import type { StickerImageEntity } from '../entities/sticker-image.entity';
import { cleanText, isUniqueViolation } from '../text-input';
import { StickersRepository } from './stickers.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

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

  /** The admin's list on react-admin's convention; `ids` is getMany's filter. */
  async list(query: Pick<ListQuery<'sortOrder', 'id'>, 'skip' | 'take' | 'sort'>, ids?: number[]): Promise<Page<Sticker>> {
    const page = await this.repo.page(query.skip, query.take, query.sort.order, ids);
    return { rows: await Promise.all(page.rows.map((row) => this.view(row))), total: page.total };
  }

  /** One sticker as the list shows it (react-admin's getOne). */
  async one(id: number): Promise<Sticker> {
    const row = await this.repo.find(id);
    if (!row) throw DomainException.notFound(NOT_FOUND);
    return this.view(row);
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
      const row = await this.uow.run(async (tx) => {
        const created = await this.repo.insert(tx, {
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
        await this.activity.record(tx, {
          action: 'sticker_uploaded',
          entityType: 'sticker',
          entityId: created.id,
          userId: admin?.userId,
          metadata: { name, size: stored.size },
        });
        return created;
      });
      // The record itself: what react-admin's create expects back.
      return await this.view(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw DomainException.validation({ objectPath: 'هذا الملف مسجل من قبل' }, 'هذا الملف مسجل من قبل');
      throw error;
    }
  }

  /** Description, display order and (the list's switch) the active state; answers the record. */
  async update(id: number, input: { description?: string | null; sortOrder?: unknown; isActive?: boolean }): Promise<Sticker> {
    const changes: { description?: string | null; sortOrder?: number; isActive?: boolean } = {};
    if (input.description !== undefined) changes.description = cleanText(input.description, 1000) || null;
    if (input.sortOrder !== undefined) changes.sortOrder = sortOrderOf(input.sortOrder);
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    const row = await this.uow.run((tx) => this.repo.update(tx, id, changes));
    if (!row) throw DomainException.notFound(NOT_FOUND);
    return this.view(row);
  }

  toggle(id: number, isActive: boolean): Promise<Sticker> {
    return this.update(id, { isActive });
  }

  /** Answers the removed record (react-admin's delete), without a link: its file is gone. */
  async remove(id: number, admin?: AdminPrincipal): Promise<Sticker> {
    const row = await this.uow.run(async (tx) => {
      const removed = await this.repo.delete(tx, id);
      if (removed)
        await this.activity.record(tx, {
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
    return this.view(row, false);
  }

  private async view(row: StickerImageEntity, withLink = true): Promise<Sticker> {
    const url = withLink
      ? await this.files
          .downloadUrl(row.objectPath, { contentType: row.mimeType, fileName: row.name, disposition: 'inline' })
          .catch(() => null)
      : null;
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
