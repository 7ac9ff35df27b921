import type { DataSource } from 'typeorm';
import type { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';

/**
 * Publishes attempts a test enqueued in its own transaction, by id: what the unit of work does after
 * its commit, callable on its own so tests can publish twice or race the sweeper.
 */
export async function publishAttempts(outbox: OutboxService, db: DataSource, attemptIds: number[]): Promise<void> {
  if (!attemptIds.length) return;
  const rows = (await db.query(
    `SELECT attempt_id AS "attemptId", idempotency_key AS "idempotencyKey", claims, template_key AS "templateKey"
       FROM assurance_attempts WHERE attempt_id = ANY($1::int[])`,
    [attemptIds],
  )) as Array<{ attemptId: number; idempotencyKey: string; claims: number; templateKey: string }>;
  await outbox.publish(rows);
}

/**
 * Removes a test's messages and the conversations they opened (whatsapp_conversations), so its numbers
 * count neither in later files' daily cap nor for their workers. `groups` selects the groups (alias g).
 */
export async function forgetMessages(
  db: { query(sql: string, params?: unknown[]): Promise<unknown> },
  groups: string,
  params: unknown[] = [],
): Promise<void> {
  await db.query(
    `DELETE FROM whatsapp_conversations w WHERE EXISTS (
       SELECT 1 FROM assurance_recipients r JOIN assurance_notification_groups g ON g.group_id = r.group_id
        WHERE r.whatsapp = w.whatsapp AND (${groups}))`,
    params,
  );
  await db.query(`DELETE FROM assurance_notification_groups g WHERE ${groups}`, params);
}
