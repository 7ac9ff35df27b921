import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AssuranceEventEntity } from '../entities/assurance-event.entity';
import { AssuranceNotificationGroupEntity } from '../entities/assurance-notification-group.entity';
import { AssuranceRecipientEntity } from '../entities/assurance-recipient.entity';
import { NotificationLogEntity } from '../entities/notification-log.entity';
import { QuickMessageEntity } from '../entities/quick-message.entity';
import { WhatsappOptInEntity } from '../entities/whatsapp-opt-in.entity';
import { preparedQuery } from '../../../database/prepared';
import { rowsOf } from '../../../database/query-rows';
import type { CircuitRow } from '../circuit/delivery-circuit.repository';

/** The attempt as a claim returns it (what sending needs). */
export interface ClaimedAttempt {
  attemptId: number;
  groupId: number;
  recipientId: number;
  templateKey: string;
  contentVariables: Record<string, unknown> | null;
  attempts: number;
  claims: number;
  secretVariables: string | null;
  body: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
}

/** The recipient and group fields delivery reads. */
export type DeliveryRecipient = Pick<AssuranceRecipientEntity, 'recipientId' | 'whatsapp' | 'role' | 'optedIn'>;
export type DeliveryGroup = Pick<AssuranceNotificationGroupEntity, 'formId' | 'reason'>;
/** The number's consent and 24-hour window (null: no whatsapp_opt_ins row). */
export type OptInState = Pick<WhatsappOptInEntity, 'optInStatus' | 'revokedAt' | 'lastInboundAt'>;

/** A claim with what deciding and sending need, read in the same statement. */
export interface Claim {
  attempt: ClaimedAttempt;
  recipient: DeliveryRecipient;
  group: DeliveryGroup;
  optIn: OptInState | null;
  circuit: CircuitRow;
}

export interface ExpiredClaim {
  attemptId: number;
  leaseEnd: Date;
  whatsapp: string;
}

/** A due attempt for the queue: its key and claim count make the job id, its template the priority. */
export interface DueAttempt {
  attemptId: number;
  idempotencyKey: string;
  claims: number;
  templateKey: string;
}

const ATTEMPT_COLUMNS = `attempt_id AS "attemptId", group_id AS "groupId", recipient_id AS "recipientId", template_key AS "templateKey",
  content_variables AS "contentVariables", attempts, claims, secret_variables AS "secretVariables", body, created_at AS "createdAt",
  next_attempt_at AS "nextAttemptAt"`;

/** A notification_logs row's columns, in the order of logValues(). */
const LOG_COLUMNS = `request_id, recipient_phone, recipient_type, notification_type, template_key, attempt_id, message_content, status,
  error_message, provider_error_code, provider_message_id, sent_at`;

function logValues(log: Partial<NotificationLogEntity>): unknown[] {
  return [
    log.requestId ?? null,
    log.recipientPhone,
    log.recipientType ?? null,
    log.notificationType,
    log.templateKey ?? null,
    log.attemptId ?? null,
    log.messageContent ?? null,
    log.status,
    log.errorMessage ?? null,
    log.providerErrorCode ?? null,
    log.providerMessageId ?? null,
    log.sentAt ?? null,
  ];
}

const LOG_TYPES = [
  'int',
  'varchar',
  'varchar',
  'varchar',
  'varchar',
  'int',
  'text',
  'varchar',
  'text',
  'varchar',
  'varchar',
  'timestamptz',
];
/** $from … $from+11: the placeholders of logValues() in a statement, typed (an INSERT … SELECT infers no types). */
const logPlaceholders = (from: number) => LOG_TYPES.map((type, i) => `$${from + i}::${type}`).join(', ');

/**
 * The claim, and in the same round trip the recipient, its group, the number's opt-in and the provider
 * circuit: one statement per message where there were six (every look-up by primary or unique key).
 */
const CLAIM = `WITH a AS (
    UPDATE assurance_attempts
       SET status = 'sending', attempts = attempts + 1, claims = claims + 1, next_attempt_at = $3, claimed_by = $4, updated_at = now()
     WHERE attempt_id = $1 AND status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $2)
       AND ($5::int IS NULL OR claims = $5::int) AND ($6::text IS NULL OR idempotency_key = $6::text)
    RETURNING ${ATTEMPT_COLUMNS})
  SELECT a.*, r.whatsapp, r.role, r.opted_in AS "optedIn", g.form_id AS "formId", g.reason,
         o.id AS "optInId", o.opt_in_status AS "optInStatus", o.revoked_at AS "revokedAt", o.last_inbound_at AS "lastInboundAt",
         c.state, c.consecutive_failures AS "consecutiveFailures", c.opened_at AS "openedAt", c.retry_at AS "retryAt",
         c.cooldown_ms AS "cooldownMs", c.probe_by AS "probeBy", c.last_error AS "lastError"
    FROM a JOIN assurance_recipients r ON r.recipient_id = a."recipientId"
    JOIN assurance_notification_groups g ON g.group_id = a."groupId"
    LEFT JOIN whatsapp_opt_ins o ON o.phone_number = r.whatsapp AND r.whatsapp <> 'console'
    LEFT JOIN delivery_circuit c ON c.id = 1`;

/** An accepted message: the attempt (if the claim is still ours), its recipient, its log line and the customer's last contact. */
const RECORD_SENT = `WITH a AS (
    UPDATE assurance_attempts
       SET status = 'sent', provider_message_id = $2, sent_at = $3, next_attempt_at = NULL, secret_variables = NULL,
           claimed_by = NULL, provider_error_code = NULL, provider_error_message = NULL, updated_at = now()
     WHERE attempt_id = $1 AND status = 'sending' AND (NOT $4::boolean OR next_attempt_at < $3)
    RETURNING attempt_id, recipient_id),
  r AS (UPDATE assurance_recipients SET status = 'sent', last_attempt_at = $3, attempts = attempts + 1
         WHERE recipient_id IN (SELECT recipient_id FROM a)),
  l AS (INSERT INTO notification_logs (${LOG_COLUMNS}) SELECT ${logPlaceholders(6)} FROM a),
  o AS (UPDATE whatsapp_opt_ins SET last_contacted_at = $3, updated_at = now()
         WHERE $5::text IS NOT NULL AND phone_number = $5::text AND EXISTS (SELECT 1 FROM a))
  SELECT count(*)::int AS recorded FROM a`;

/** Back to the queue without counting the try (the daily cap deferred it), with its log line. */
const DEFER = `WITH a AS (
    UPDATE assurance_attempts SET status = 'queued', next_attempt_at = $2, claimed_by = NULL, attempts = GREATEST(attempts - 1, 0), updated_at = now()
     WHERE attempt_id = $1 AND status = 'sending' RETURNING attempt_id)
  INSERT INTO notification_logs (${LOG_COLUMNS}) VALUES (${logPlaceholders(3)})`;

/** Every read and write of delivery: the outbox rows, their recipients, logs and the quick messages they mirror. */
@Injectable()
export class DeliveryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Claims a due queued attempt for this worker until `leaseEnd`, so two workers never send the same
   * one. With `claim`, only when the attempt has not been claimed since that job was queued.
   */
  async claim(attemptId: number, now: Date, leaseEnd: Date, workerId: string, claim?: number, key?: string): Promise<Claim | null> {
    const [row] = await preparedQuery<
      ClaimedAttempt & DeliveryGroup & Omit<DeliveryRecipient, 'recipientId'> & OptInState & CircuitRow & { optInId: number | null }
    >(this.db, CLAIM, [attemptId, now, leaseEnd, workerId, claim ?? null, key ?? null]);
    if (!row) return null;
    const { whatsapp, role, optedIn, formId, reason, optInId, optInStatus, revokedAt, lastInboundAt, ...rest } = row;
    const { state, consecutiveFailures, openedAt, retryAt, cooldownMs, probeBy, lastError, ...attempt } = rest;
    return {
      attempt,
      recipient: { recipientId: attempt.recipientId, whatsapp, role, optedIn },
      group: { formId, reason },
      optIn: optInId === null ? null : { optInStatus, revokedAt, lastInboundAt },
      // The migration inserts the circuit's row; a restored database without it counts as closed.
      circuit: state
        ? { state, consecutiveFailures, openedAt, retryAt, cooldownMs, probeBy, lastError }
        : { state: 'closed', consecutiveFailures: 0, openedAt: null, retryAt: null, cooldownMs: 0, probeBy: null, lastError: null },
    };
  }

  /**
   * Sending resumed: messages waiting a few seconds for the probe, and messages backing off after a
   * provider fault (up to ten minutes of backoff), become due now. Left alone: messages deferred by the
   * daily cap (no provider error on them) and messages never tried.
   */
  async releaseWaiting(now: Date, until: Date): Promise<number> {
    const result = await this.db.query(
      `UPDATE assurance_attempts SET next_attempt_at = $1, updated_at = now()
        WHERE status = 'queued' AND next_attempt_at > $1 AND (next_attempt_at <= $2 OR provider_error_message IS NOT NULL)
        RETURNING attempt_id`,
      [now, until],
    );
    return rowsOf<{ attempt_id: number }>(result).length;
  }

  async findAttempt(attemptId: number): Promise<ClaimedAttempt | null> {
    const rows: ClaimedAttempt[] = await this.db.query(`SELECT ${ATTEMPT_COLUMNS} FROM assurance_attempts WHERE attempt_id = $1`, [
      attemptId,
    ]);
    return rows[0] ?? null;
  }

  async context(attempt: Pick<ClaimedAttempt, 'recipientId' | 'groupId'>): Promise<{
    recipient: AssuranceRecipientEntity;
    group: AssuranceNotificationGroupEntity;
  }> {
    const [recipient, group] = await Promise.all([
      this.db.getRepository(AssuranceRecipientEntity).findOneByOrFail({ recipientId: attempt.recipientId }),
      this.db.getRepository(AssuranceNotificationGroupEntity).findOneByOrFail({ groupId: attempt.groupId }),
    ]);
    return { recipient, group };
  }

  /** Back to the queue without counting the try (the daily cap deferred it), with its log line, in one statement. */
  async defer(attemptId: number, until: Date, log: Partial<NotificationLogEntity>): Promise<void> {
    await preparedQuery(this.db, DEFER, [attemptId, until, ...logValues(log)]);
  }

  /**
   * Back to the queue while the circuit is open, without spending a try. Reads the circuit under a share
   * lock: if sending resumed meanwhile (the release of waiting messages ran or is about to), the message
   * is due at once instead of waiting out a pause that is over.
   */
  async waitForCircuit(attemptId: number, until: Date, now: Date): Promise<void> {
    await this.db.query(
      `WITH circuit AS (SELECT state FROM delivery_circuit WHERE id = 1 FOR SHARE)
       UPDATE assurance_attempts SET status = 'queued', claimed_by = NULL, attempts = GREATEST(attempts - 1, 0), updated_at = now(),
              next_attempt_at = CASE WHEN (SELECT state FROM circuit) = 'closed' THEN $3::timestamptz ELSE $2::timestamptz END
        WHERE attempt_id = $1 AND status = 'sending'`,
      [attemptId, until, now],
    );
  }

  /** Back to the queue after a retryable failure, with the provider's error kept for the operator. */
  async scheduleRetry(attemptId: number, at: Date, error: { code: string | null; message: string }): Promise<void> {
    await this.db.query(
      `UPDATE assurance_attempts SET status = 'queued', next_attempt_at = $2, claimed_by = NULL, provider_error_code = $3,
              provider_error_message = $4, updated_at = now()
        WHERE attempt_id = $1 AND status = 'sending'`,
      [attemptId, at, error.code, error.message.slice(0, 1000)],
    );
  }

  /**
   * Records an accepted message with its log row (and a customer's last contact) in one statement, if
   * the claim is still ours (and, for a taken-back claim, its lease is over). False when someone else
   * recorded it first.
   */
  async recordSent(
    attemptId: number,
    providerMessageId: string,
    sentAt: Date,
    log: Partial<NotificationLogEntity>,
    contactedNumber: string | null,
    onlyAfterLease = false,
  ): Promise<boolean> {
    const [row] = await preparedQuery<{ recorded: number }>(this.db, RECORD_SENT, [
      attemptId,
      providerMessageId,
      sentAt,
      onlyAfterLease,
      contactedNumber,
      ...logValues(log),
    ]);
    return row.recorded > 0;
  }

  /** Ends an attempt for good (failed or cancelled), with its recipient's stop reason. */
  async finish(
    attemptId: number,
    recipientId: number,
    status: 'failed' | 'cancelled',
    info: { stopReason: string; code?: string; message?: string },
    at: Date,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `UPDATE assurance_attempts SET status = $2, next_attempt_at = NULL, secret_variables = NULL, claimed_by = NULL,
                provider_error_code = $3, provider_error_message = $4, updated_at = now()
          WHERE attempt_id = $1`,
        [attemptId, status, info.code ?? null, info.message?.slice(0, 1000) ?? null],
      );
      await manager.update(
        AssuranceRecipientEntity,
        { recipientId },
        { status, stopReason: info.stopReason.slice(0, 100), lastAttemptAt: at },
      );
    });
  }

  async insertLog(row: Partial<NotificationLogEntity>): Promise<void> {
    await preparedQuery(this.db, `INSERT INTO notification_logs (${LOG_COLUMNS}) VALUES (${logPlaceholders(1)})`, logValues(row));
  }

  async insertEvent(type: string, payload: Record<string, unknown>): Promise<void> {
    await this.db.getRepository(AssuranceEventEntity).insert({ type, payload });
  }

  /** Claims whose lease ran out before `now` (their worker died mid-send), with the number they were for. */
  expiredClaims(now: Date, limit: number): Promise<ExpiredClaim[]> {
    return this.db.query(
      `SELECT a.attempt_id AS "attemptId", a.next_attempt_at AS "leaseEnd", r.whatsapp FROM assurance_attempts a
         JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE a.status = 'sending' AND a.next_attempt_at < $1 ORDER BY a.attempt_id LIMIT $2`,
      [now, limit],
    );
  }

  /** Puts an expired claim back in the queue (unless it was recorded meanwhile). */
  async requeueExpired(attemptId: number, now: Date): Promise<boolean> {
    const rows = rowsOf(
      await this.db.query(
        `UPDATE assurance_attempts SET status = 'queued', claimed_by = NULL, next_attempt_at = NULL, updated_at = now()
          WHERE attempt_id = $1 AND status = 'sending' AND next_attempt_at < $2 RETURNING attempt_id`,
        [attemptId, now],
      ),
    );
    return rows.length > 0;
  }

  /** Which of these provider message ids are already recorded on an attempt. */
  async knownProviderIds(ids: string[]): Promise<Set<string>> {
    const rows: { provider_message_id: string }[] = await this.db.query(
      'SELECT provider_message_id FROM assurance_attempts WHERE provider_message_id = ANY($1)',
      [ids],
    );
    return new Set(rows.map((r) => r.provider_message_id));
  }

  /** Queued attempts that are due (IDX_assurance_attempts_status_next_attempt_at). */
  dueAttempts(now: Date, limit: number): Promise<DueAttempt[]> {
    return this.db.query(
      `SELECT attempt_id AS "attemptId", idempotency_key AS "idempotencyKey", claims, template_key AS "templateKey" FROM assurance_attempts
        WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
        ORDER BY (template_key IN ('verificationCode', 'securityAlert')) DESC, attempt_id LIMIT $2`,
      [now, limit],
    );
  }

  /** Messages waiting (queued) and in flight (sending): read through the status index, so the cost follows the backlog, not the history. */
  async openCounts(): Promise<{ queued: number; sending: number }> {
    const rows = (await this.db.query(
      `SELECT status, count(*)::int AS n FROM assurance_attempts WHERE status IN ('queued', 'sending') GROUP BY status`,
    )) as { status: 'queued' | 'sending'; n: number }[];
    const counts = { queued: 0, sending: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  /** When the oldest due message became due (the queue's lag), or null when nothing is waiting. */
  async oldestDue(now: Date): Promise<Date | null> {
    const [row] = (await this.db.query(
      `SELECT min(LEAST(COALESCE(next_attempt_at, created_at), $1)) AS due FROM assurance_attempts
        WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)`,
      [now],
    )) as { due: Date | null }[];
    return row?.due ? new Date(row.due) : null;
  }

  /** system_settings whatsapp_use_templates, raw. */
  async templateModeSetting(): Promise<string | undefined> {
    const rows: { value: string }[] = await this.db.query(`SELECT value FROM system_settings WHERE key = 'whatsapp_use_templates'`);
    return rows[0]?.value;
  }

  /** A quick message's acknowledgement status, moved forward only (from one of `from`). */
  async quickMessageStatus(id: number, status: string, from: string[], error: string | null): Promise<void> {
    await this.db
      .getRepository(QuickMessageEntity)
      .createQueryBuilder()
      .update()
      .set({ status: status as QuickMessageEntity['status'], errorMessage: error })
      .where('id = :id AND status IN (:...from)', { id, from })
      .execute();
  }

  async quickMessageReply(id: number, replyStatus: 'sent' | 'failed', error: string | null): Promise<void> {
    await this.db.getRepository(QuickMessageEntity).update({ id }, { replyStatus, replyErrorMessage: error });
  }
}
