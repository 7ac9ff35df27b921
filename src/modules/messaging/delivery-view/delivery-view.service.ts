import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import {
  canResend,
  deliveryErrorText,
  DeliveryRow,
  FailedMessages,
  MESSAGE_STATE_LABELS,
  MessageState,
  templateLabel,
} from '../../../shared/delivery';
import { DeliveryCircuit } from '../circuit/delivery-circuit';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { UnitOfWork } from '../../../database/unit-of-work';
import { DeliveryErrors } from './delivery-errors';
import { DeliveryViewRepository, RawDelivery } from './delivery-view.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

function stateOf(raw: RawDelivery): MessageState {
  if (raw.status === 'failed' && raw.stopReason === 'expired') return 'expired';
  return (MESSAGE_STATE_LABELS as Record<string, string>)[raw.status] ? (raw.status as MessageState) : 'failed';
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toRow(raw: RawDelivery): DeliveryRow {
  const state = stateOf(raw);
  const final = state === 'failed' || state === 'undelivered' || state === 'expired' || state === 'cancelled';
  return {
    id: raw.id,
    requestId: raw.formId?.startsWith('request:') ? Number(raw.formId.slice('request:'.length)) : null,
    templateKey: raw.templateKey,
    templateLabel: templateLabel(raw.templateKey),
    recipient: raw.recipient,
    role: raw.role,
    state,
    stateLabel: MESSAGE_STATE_LABELS[state],
    tries: raw.attempts,
    createdAt: iso(raw.createdAt)!,
    sentAt: iso(raw.sentAt),
    deliveredAt: iso(raw.deliveredAt),
    updatedAt: iso(raw.updatedAt)!,
    error: final ? deliveryErrorText(raw.errorCode, raw.stopReason) : null,
    canResend: canResend(state, raw.templateKey),
  };
}

/** What the operator sees of WhatsApp delivery, and the re-send of a message that failed for good. */
@Injectable()
export class DeliveryViewService {
  constructor(
    private readonly repo: DeliveryViewRepository,
    private readonly uow: UnitOfWork,
    private readonly activity: ActivityLogService,
    private readonly clock: Clock,
    private readonly circuit: DeliveryCircuit,
  ) {}

  async forRequest(requestId: number): Promise<DeliveryRow[]> {
    return (await this.repo.forRequest(requestId)).map(toRow);
  }

  /** The dashboard's card: final failures of the last 24 hours (count and the latest ten), and a pause. */
  async failedLastDay(): Promise<FailedMessages> {
    const [{ rows, total }, pause] = await Promise.all([
      this.repo.failedSince(new Date(this.clock.now().getTime() - DAY_MS), 10),
      this.circuit.status(),
    ]);
    return { total, rows: rows.map(toRow), pause };
  }

  async resend(id: number): Promise<DeliveryRow> {
    const raw = await this.repo.find(id);
    if (!raw) throw DomainException.notFound('الرسالة غير موجودة');
    const row = toRow(raw);
    if (!row.canResend) {
      const why =
        raw.templateKey === 'verificationCode'
          ? 'لا يُعاد إرسال رمز التحقق، يطلب المسؤول رمزاً جديداً'
          : `لا يمكن إعادة إرسال رسالة حالتها «${row.stateLabel}»`;
      throw DeliveryErrors.MESSAGE_NOT_RESENDABLE(why);
    }
    // The re-queue and its activity row in one transaction; the worker is woken after the commit (if
    // Redis is away, the sweeper queues it within its interval: the row is already due).
    const requeued = await this.uow.run(async (tx) => {
      if (!(await this.repo.requeue(tx, id, this.clock.now())))
        throw DeliveryErrors.MESSAGE_NOT_RESENDABLE('أُعيدت هذه الرسالة إلى قائمة الإرسال من قبل');
      await this.activity.record(tx, {
        action: 'message_resent',
        entityType: 'message',
        entityId: id,
        metadata: { templateKey: raw.templateKey, requestId: row.requestId },
      });
      const again = (await this.repo.find(id, tx))!;
      tx.publish({ attemptId: id, idempotencyKey: again.idempotencyKey, claims: again.claims, templateKey: again.templateKey });
      return again;
    });
    return toRow(requeued);
  }
}
