import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, type DbScope } from '../../../database/db-scope';

export interface RawDelivery {
  id: number;
  formId: string | null;
  templateKey: string;
  status: string;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  updatedAt: Date;
  errorCode: string | null;
  recipient: string;
  role: string | null;
  stopReason: string | null;
  deliveredAt: Date | null;
  idempotencyKey: string;
  claims: number;
}

const SELECT = `SELECT a.attempt_id AS id, g.form_id AS "formId", a.template_key AS "templateKey", a.status, a.attempts,
         a.created_at AS "createdAt", a.sent_at AS "sentAt", a.updated_at AS "updatedAt", a.provider_error_code AS "errorCode",
         a.idempotency_key AS "idempotencyKey", a.claims, r.whatsapp AS recipient, r.role, r.stop_reason AS "stopReason",
         (SELECT max(l.delivered_at) FROM notification_logs l WHERE l.attempt_id = a.attempt_id) AS "deliveredAt"
    FROM assurance_attempts a
    JOIN assurance_notification_groups g ON g.group_id = a.group_id
    JOIN assurance_recipients r ON r.recipient_id = a.recipient_id`;

/** Reads of the outbox for the operator (assurance_* and notification_logs), and the re-send. */
@Injectable()
export class DeliveryViewRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every message of a request (its group's form id is `request:<id>`; IDX_assurance_notification_groups_form_id). */
  forRequest(requestId: number): Promise<RawDelivery[]> {
    return this.db.query(`${SELECT} WHERE g.form_id = $1 ORDER BY a.created_at, a.attempt_id`, [`request:${requestId}`]);
  }

  /** Final failures changed since `since`, newest first. */
  async failedSince(since: Date, limit: number): Promise<{ rows: RawDelivery[]; total: number }> {
    const where = `WHERE a.status IN ('failed', 'undelivered') AND a.updated_at >= $1`;
    const [rows, [count]] = await Promise.all([
      this.db.query(`${SELECT} ${where} ORDER BY a.updated_at DESC, a.attempt_id DESC LIMIT $2`, [since, limit]) as Promise<RawDelivery[]>,
      this.db.query(`SELECT count(*)::int AS n FROM assurance_attempts a ${where}`, [since]) as Promise<{ n: number }[]>,
    ]);
    return { rows, total: count.n };
  }

  async find(id: number, scope?: DbScope): Promise<RawDelivery | null> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    const rows = (await manager.query(`${SELECT} WHERE a.attempt_id = $1`, [id])) as RawDelivery[];
    return rows[0] ?? null;
  }

  /**
   * Puts a finally failed message back in the queue as a new try with a fresh retry window. The
   * condition on its status makes it happen once, however many times the button is pressed.
   */
  async requeue(scope: DbScope, id: number, now: Date): Promise<boolean> {
    const manager = managerOf(scope);
    // UPDATE … RETURNING answers [rows, affected count] through TypeORM's query().
    const [changed] = (await manager.query(
      `UPDATE assurance_attempts
            SET status = 'queued', attempts = 0, next_attempt_at = $2, created_at = $2, provider_error_code = NULL,
                provider_error_message = NULL, claimed_by = NULL, updated_at = $2
          WHERE attempt_id = $1 AND status IN ('failed', 'undelivered') AND template_key <> 'verificationCode'
          RETURNING recipient_id`,
      [id, now],
    )) as [{ recipient_id: number }[], number];
    if (!changed.length) return false;
    await manager.query(`UPDATE assurance_recipients SET status = 'pending', stop_reason = NULL WHERE recipient_id = $1`, [
      changed[0].recipient_id,
    ]);
    return true;
  }
}
