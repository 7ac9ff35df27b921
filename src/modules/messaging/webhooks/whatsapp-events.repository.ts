import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rowsOf } from '../../../database/query-rows';
import { AssuranceAttemptEntity, AssuranceAttemptStatus } from '../entities/assurance-attempt.entity';
import { AssuranceEventEntity } from '../entities/assurance-event.entity';
import { AssuranceNotificationGroupEntity } from '../entities/assurance-notification-group.entity';
import { AssuranceRecipientEntity } from '../entities/assurance-recipient.entity';
import { NotificationLogEntity } from '../entities/notification-log.entity';
import { WhatsappOptInEntity } from '../entities/whatsapp-opt-in.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** What a status callback changes on an attempt, its recipient and its log row. */
export interface StatusChange {
  attempt: AssuranceAttemptEntity;
  sid: string;
  status: AssuranceAttemptStatus;
  failing: boolean;
  errorCode: string | null;
  errorMessage: string | null;
  now: Date;
}

/** The tables a provider's callbacks touch: attempts by provider id, the opt-in window, handled inbound ids. */
@Injectable()
export class WhatsAppEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The attempt the provider's message id names, locked for this transaction. */
  lockAttemptBySid(scope: DbScope, sid: string): Promise<AssuranceAttemptEntity | null> {
    const manager = managerOf(scope);
    return manager
      .getRepository(AssuranceAttemptEntity)
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where('a.providerMessageId = :sid', { sid })
      .getOne();
  }

  group(scope: DbScope, groupId: number): Promise<AssuranceNotificationGroupEntity> {
    const manager = managerOf(scope);
    return manager.findOneByOrFail(AssuranceNotificationGroupEntity, { groupId });
  }

  async insertEvent(type: string, payload: Record<string, unknown>, scope?: DbScope): Promise<void> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    await manager.insert(AssuranceEventEntity, { type, payload });
  }

  /** The free text was refused outside the window: the same attempt goes again as the template. */
  async requeueAsTemplate(scope: DbScope, attemptId: number, sid: string, errorCode: string | null): Promise<void> {
    const manager = managerOf(scope);
    await manager.update(
      AssuranceAttemptEntity,
      { attemptId },
      { status: 'queued', body: null, nextAttemptAt: null, providerMessageId: null, providerErrorCode: errorCode },
    );
    await manager.update(NotificationLogEntity, { providerMessageId: sid }, { status: 'fallback_template', providerErrorCode: errorCode });
  }

  async applyStatus(scope: DbScope, change: StatusChange): Promise<void> {
    const manager = managerOf(scope);
    const { attempt, sid, status, failing, errorCode, errorMessage, now } = change;
    await manager.update(
      AssuranceAttemptEntity,
      { attemptId: attempt.attemptId },
      { status, ...(failing ? { providerErrorCode: errorCode, providerErrorMessage: errorMessage } : {}) },
    );
    await manager.update(AssuranceRecipientEntity, { recipientId: attempt.recipientId }, { status });
    await manager.update(
      NotificationLogEntity,
      { providerMessageId: sid },
      {
        status,
        ...(status === 'delivered' || status === 'read'
          ? { deliveredAt: () => `COALESCE(delivered_at, '${now.toISOString()}'::timestamptz)` }
          : {}),
        ...(failing ? { providerErrorCode: errorCode, errorMessage: errorMessage ?? `provider error ${errorCode ?? ''}`.trim() } : {}),
      },
    );
  }

  /** Records an inbound message id; false when it was handled before (a retry or a replay). */
  async markInboundHandled(scope: DbScope, sid: string): Promise<boolean> {
    const manager = managerOf(scope);
    const fresh = await manager.query(
      `INSERT INTO inbound_messages (message_sid) VALUES ($1) ON CONFLICT (message_sid) DO NOTHING RETURNING message_sid`,
      [sid],
    );
    return rowsOf(fresh).length > 0;
  }

  /** The number's opt-in row with last_inbound_at = now (created, without consent, when missing), locked. */
  async touchWindow(scope: DbScope, phone: string, now: Date): Promise<WhatsappOptInEntity> {
    const manager = managerOf(scope);
    await manager.query(
      `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, last_inbound_at) VALUES ($1, false, $2)
       ON CONFLICT (phone_number) DO UPDATE SET last_inbound_at = EXCLUDED.last_inbound_at, updated_at = now()`,
      [phone, now],
    );
    return manager
      .getRepository(WhatsappOptInEntity)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.phoneNumber = :phone', { phone })
      .getOneOrFail();
  }

  async revoke(scope: DbScope, optInId: number, now: Date): Promise<void> {
    const manager = managerOf(scope);
    await manager.update(WhatsappOptInEntity, { id: optInId }, { optInStatus: false, revokedAt: now, revokedMethod: 'keyword' });
  }

  async restore(scope: DbScope, optInId: number, now: Date, consentText: string): Promise<void> {
    const manager = managerOf(scope);
    await manager.update(
      WhatsappOptInEntity,
      { id: optInId },
      {
        optInStatus: true,
        revokedAt: null,
        revokedMethod: null,
        consentTimestamp: now,
        consentMethod: 'inbound_start',
        consentText: consentText.slice(0, 1000),
      },
    );
  }

  /** Takes this number's auto-reply for the day; false when one went within the last 24 hours. */
  async claimAutoReply(scope: DbScope, optInId: number, now: Date, since: Date): Promise<boolean> {
    const manager = managerOf(scope);
    const claimed = await manager.query(
      `UPDATE whatsapp_opt_ins SET last_auto_reply_at = $2 WHERE id = $1 AND (last_auto_reply_at IS NULL OR last_auto_reply_at <= $3) RETURNING id`,
      [optInId, now, since],
    );
    return rowsOf(claimed).length > 0;
  }
}
