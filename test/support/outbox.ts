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
