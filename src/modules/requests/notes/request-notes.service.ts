import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import { REQUEST_NOTE_MAX_LENGTH, type RequestNote } from '../../../shared/api/requests';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { RequestNotesRepository } from './request-notes.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

/**
 * Internal notes on a request, for the charity's administrators only: a note is never sent on WhatsApp
 * (this service has no outbox), and its activity row records who wrote it, not what.
 */
@Injectable()
export class RequestNotesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notes: RequestNotesRepository,
    private readonly activity: ActivityLogService,
    private readonly clock: Clock,
  ) {}

  async add(requestId: number, rawText: string, admin: AdminPrincipal, meta?: RequestMeta): Promise<RequestNote> {
    const text = rawText.trim();
    if (!text) throw DomainException.validation({ text: 'اكتب نص الملاحظة' }, 'اكتب نص الملاحظة');
    if (text.length > REQUEST_NOTE_MAX_LENGTH) throw DomainException.validation({ text: 'الملاحظة يجب ألا تتجاوز 1000 حرف' });
    const note = await this.uow.run(async (tx) => {
      if (!(await this.notes.requestExists(tx, requestId))) return null;
      const saved = await this.notes.insert(tx, { requestId, text, authorUsername: admin.username, createdAt: this.clock.now() });
      await this.activity.record(tx, {
        action: 'request_note_added',
        entityType: 'request',
        entityId: requestId,
        userId: admin.userId,
        ipAddress: meta?.ip ?? null,
        userAgent: meta?.userAgent ?? null,
        metadata: { by: admin.username, noteId: saved.id },
      });
      return saved;
    });
    if (!note) throw DomainException.notFound('الطلب غير موجود');
    return note;
  }

  /** Newest first. */
  list(requestId: number): Promise<RequestNote[]> {
    return this.notes.list(requestId);
  }
}
