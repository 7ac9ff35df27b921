import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { GovernanceCard } from '../../../shared/api/content-admin';
import { FilesService, type StoredFile } from '../../files/files.service';
import { safeFileName } from '../../../shared/files';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import type { GovernanceCardEntity } from '../entities/governance-card.entity';
import { sortOrderOf } from '../stickers/stickers.service';
import { cleanText, isUniqueViolation } from '../text-input';
import { GovernanceRepository, type GovernanceChanges } from './governance.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

const NOT_FOUND = 'البطاقة غير موجودة';
const TITLE_REQUIRED = 'عنوان البطاقة مطلوب';
const FILE_NOT_FOUND = 'الملف غير موجود';

export interface GovernanceInput {
  title?: string;
  description?: string | null;
  content?: string | null;
  /** The objectPath of an upload (the spec's client sends it as fileUrl). */
  objectPath?: string | null;
  fileUrl?: string | null;
  fileName?: string | null;
  displayOrder?: unknown;
  isActive?: boolean;
  /** Edit only: drop the attached document. */
  removeFile?: boolean;
}

/** Governance documents: the admin's cards (the governance-cards resource) and the public /governance page. */
@Injectable()
export class GovernanceService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: GovernanceRepository,
    private readonly files: FilesService,
    private readonly activity: ActivityLogService,
  ) {}

  uploadUrl(contentType: unknown) {
    return this.files.issueUpload('document', contentType);
  }

  /** The admin's list on react-admin's convention; `ids` is getMany's filter. */
  async adminList(query: Pick<ListQuery<'displayOrder', 'id'>, 'skip' | 'take' | 'sort'>, ids?: number[]): Promise<Page<GovernanceCard>> {
    const page = await this.repo.page(query.skip, query.take, query.sort.order, ids);
    return { rows: page.rows.map(view), total: page.total };
  }

  /** One card as the admin's list shows it (react-admin's getOne). */
  async one(id: number): Promise<GovernanceCard> {
    const row = await this.repo.find(id);
    if (!row) throw DomainException.notFound(NOT_FOUND);
    return view(row);
  }

  async publicList(): Promise<GovernanceCard[]> {
    return (await this.repo.list(true)).map(view);
  }

  /** GET /api/governance/{id}/file: a short-lived link that downloads the document under its name. */
  async fileLink(id: number): Promise<{ url: string }> {
    const card = await this.repo.find(id);
    if (!card || !card.isActive || !card.fileUrl) throw DomainException.notFound(FILE_NOT_FOUND);
    const url = await this.files.downloadUrl(card.fileUrl, {
      contentType: card.fileType ?? 'application/octet-stream',
      fileName: card.fileName ?? card.fileUrl.split('/').pop() ?? 'document',
      disposition: 'attachment',
    });
    return { url };
  }

  /** Answers the record itself: what react-admin's create expects back. */
  async create(input: GovernanceInput, admin?: AdminPrincipal): Promise<GovernanceCard> {
    const title = cleanText(input.title, 200);
    if (!title) throw DomainException.validation({ title: TITLE_REQUIRED }, TITLE_REQUIRED);
    const file = await this.attach(input);
    const row = await this.save(() =>
      this.uow.run(async (tx) => {
        const created = await this.repo.insert(tx, {
          title,
          description: cleanText(input.description, 2000) || null,
          content: cleanText(input.content, 20000) || null,
          displayOrder: input.displayOrder === undefined ? 0 : sortOrderOf(input.displayOrder),
          isActive: input.isActive ?? true,
          ...file,
        });
        await this.activity.record(tx, {
          action: 'governance_created',
          entityType: 'governance_card',
          entityId: created.id,
          userId: admin?.userId,
          metadata: { title },
        });
        return created;
      }),
    );
    return view(row);
  }

  async update(id: number, input: GovernanceInput, admin?: AdminPrincipal): Promise<GovernanceCard> {
    const changes: GovernanceChanges = {};
    if (input.title !== undefined) {
      changes.title = cleanText(input.title, 200);
      if (!changes.title) throw DomainException.validation({ title: TITLE_REQUIRED }, TITLE_REQUIRED);
    }
    if (input.description !== undefined) changes.description = cleanText(input.description, 2000) || null;
    if (input.content !== undefined) changes.content = cleanText(input.content, 20000) || null;
    if (input.displayOrder !== undefined) changes.displayOrder = sortOrderOf(input.displayOrder);
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    if (input.removeFile) Object.assign(changes, { fileUrl: null, fileName: null, fileType: null, fileSize: null });
    const existing = await this.repo.find(id);
    if (!existing) throw DomainException.notFound(NOT_FOUND);
    const path = input.objectPath ?? input.fileUrl;
    if (path && path !== existing.fileUrl) Object.assign(changes, await this.attach(input));
    else if (input.fileName !== undefined && existing.fileUrl && !input.removeFile) {
      const named = cleanText(input.fileName, 250);
      changes.fileName = named ? safeFileName(named, existing.fileUrl.split('.').pop() ?? '') : existing.fileName;
    }
    const result = await this.save(() =>
      this.uow.run(async (tx) => {
        const updated = await this.repo.update(tx, id, changes);
        // Only what the save changed is logged; a save that changed nothing writes no row.
        const fields = updated
          ? (Object.keys(changes) as (keyof GovernanceChanges)[]).filter((field) => updated.before[field] !== updated.after[field])
          : [];
        if (fields.length)
          await this.activity.record(tx, {
            action: 'governance_updated',
            entityType: 'governance_card',
            entityId: id,
            userId: admin?.userId,
            metadata: { fields },
          });
        return updated;
      }),
    );
    if (!result) throw DomainException.notFound(NOT_FOUND);
    if (result.before.fileUrl && result.before.fileUrl !== result.after.fileUrl) await this.files.remove(result.before.fileUrl);
    return view(result.after);
  }

  async toggle(id: number, isActive: boolean): Promise<GovernanceCard> {
    const result = await this.uow.run((tx) => this.repo.update(tx, id, { isActive }));
    if (!result) throw DomainException.notFound(NOT_FOUND);
    return view(result.after);
  }

  /** Answers the removed record (react-admin's delete). */
  async remove(id: number, admin?: AdminPrincipal): Promise<GovernanceCard> {
    const row = await this.uow.run(async (tx) => {
      const removed = await this.repo.delete(tx, id);
      if (removed)
        await this.activity.record(tx, {
          action: 'governance_deleted',
          entityType: 'governance_card',
          entityId: id,
          userId: admin?.userId,
          metadata: { title: removed.title },
        });
      return removed;
    });
    if (!row) throw DomainException.notFound(NOT_FOUND);
    if (row.fileUrl) await this.files.remove(row.fileUrl);
    return { ...view(row), fileUrl: null };
  }

  /** The file columns of an uploaded document, after its content was checked. */
  private async attach(input: GovernanceInput): Promise<GovernanceChanges> {
    const path = input.objectPath ?? input.fileUrl;
    if (!path) return {};
    if (await this.repo.pathTaken(path))
      throw DomainException.validation({ objectPath: 'هذا الملف مرفق ببطاقة أخرى' }, 'هذا الملف مرفق ببطاقة أخرى');
    const stored: StoredFile = await this.files.verify('document', path);
    const ext = stored.objectPath.split('.').pop() ?? '';
    // The download keeps the extension of what was stored, whatever the name said ("report.exe.docx" → "report.docx").
    const fileName = safeFileName(cleanText(input.fileName, 250) || 'document', ext);
    return { fileUrl: stored.objectPath, fileName, fileType: stored.mimeType, fileSize: stored.size };
  }

  private async save<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error))
        throw DomainException.validation({ objectPath: 'هذا الملف مرفق ببطاقة أخرى' }, 'هذا الملف مرفق ببطاقة أخرى');
      throw error;
    }
  }
}

function view(row: GovernanceCardEntity): GovernanceCard {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    fileUrl: row.fileUrl ? `/api/governance/${row.id}/file` : null,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    displayOrder: row.displayOrder,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
