import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { deriveKey, encryptSecret, sha256Hex } from '../../../common/crypto/secrets';
import { DeliverAttemptJob, JOBS, QUEUES } from '../../../common/queues/queues';
import { AssuranceAttemptEntity } from '../entities/assurance-attempt.entity';
import { TemplateRegistry } from '../templates/template-registry';
import { EnqueuedMessage, OutboxMessage } from './outbox.types';

/**
 * The transactional outbox (ARCHITECTURE.md §4). Modules call enqueue() with their own transaction's
 * EntityManager, so the business change and the message rows commit or roll back together; after the
 * commit they call publish() to wake the worker at once. If Redis is down, publish() fails quietly and
 * the sweeper delivers the rows a few seconds later: nothing is lost.
 */
@Injectable()
export class OutboxService {
  private readonly secretKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @InjectQueue(QUEUES.whatsappDelivery) private readonly queue: Queue<DeliverAttemptJob>,
    private readonly templates: TemplateRegistry,
  ) {
    this.secretKey = deriveKey(config.appSecret, 'message-secrets');
    // Connection errors surface through publish() and the health check; without a listener BullMQ
    // would print every reconnection failure to the console.
    this.queue.on('error', () => undefined);
  }

  async enqueue(manager: EntityManager, message: OutboxMessage): Promise<EnqueuedMessage> {
    const template = this.templates.definition(message.templateKey);
    // A template's own secret variables (a login code) are secret whichever map the caller used.
    const values = { ...(message.variables ?? {}) };
    const secrets: Record<string, string> = { ...(message.secretVariables ?? {}) };
    for (const name of template.secretVariables) {
      if (name in values) secrets[name] = String(values[name]);
      delete values[name];
    }
    const { contentVariables, secretPositions } = this.templates.positional(template, values, secrets);

    // Plain multi-row INSERT … RETURNING: this runs inside every request that notifies someone, so it
    // avoids the ORM's save() machinery (four round trips whatever the number of recipients).
    const formId = message.subject ? `${message.subject.type}:${message.subject.id}` : null;
    const [group] = (await manager.query(
      `INSERT INTO assurance_notification_groups (type, form_id, requester_whatsapp, variables_json, reason)
       VALUES ($1, $2, $3, $4, $5) RETURNING group_id`,
      [message.templateKey, formId, message.requesterWhatsapp ?? null, JSON.stringify(contentVariables), message.reason],
    )) as { group_id: number }[];
    const groupId = group.group_id;
    await manager.query(`INSERT INTO assurance_events (type, payload) VALUES ('message_enqueued', $1)`, [
      JSON.stringify({
        groupId,
        templateKey: message.templateKey,
        reason: message.reason,
        subject: message.subject ?? null,
        recipients: message.recipients.length,
      }),
    ]);

    const sealedSecrets = Object.keys(secretPositions).length ? encryptSecret(this.secretKey, JSON.stringify(secretPositions)) : null;
    // One message per person, even if a number is listed twice.
    const recipients = [...new Map(message.recipients.map((r) => [r.whatsapp, r])).values()];
    if (!recipients.length) return { groupId, attemptIds: [], attempts: [] };

    const recipientParams: unknown[] = [];
    const recipientRows = recipients.map((r, i) => {
      recipientParams.push(groupId, r.whatsapp, r.role, r.role === 'admin' ? true : (r.optedIn ?? false));
      return `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`;
    });
    const insertedRecipients = (await manager.query(
      `INSERT INTO assurance_recipients (group_id, whatsapp, role, opted_in) VALUES ${recipientRows.join(', ')} RETURNING recipient_id`,
      recipientParams,
    )) as { recipient_id: number }[];

    const attemptParams: unknown[] = [];
    const keys = insertedRecipients.map((r) => sha256Hex(`${groupId}:${r.recipient_id}:${message.templateKey}`));
    const attemptRows = insertedRecipients.map((r, i) => {
      attemptParams.push(
        groupId,
        r.recipient_id,
        message.templateKey,
        JSON.stringify(contentVariables),
        sealedSecrets,
        message.body ?? null,
        keys[i],
      );
      const b = i * 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
    });
    const insertedAttempts = (await manager.query(
      `INSERT INTO assurance_attempts (group_id, recipient_id, template_key, content_variables, secret_variables, body, idempotency_key)
       VALUES ${attemptRows.join(', ')} RETURNING attempt_id, idempotency_key`,
      attemptParams,
    )) as { attempt_id: number; idempotency_key: string }[];
    const attempts = insertedAttempts.map((a) => ({ attemptId: a.attempt_id, idempotencyKey: a.idempotency_key }));
    return { groupId, attemptIds: attempts.map((a) => a.attemptId), attempts };
  }

  /** Wakes the worker for these attempts (after commit). Never throws: the sweeper is the safety net. */
  async publish(attempts: { attemptId: number; idempotencyKey: string; delayMs?: number }[]): Promise<void> {
    if (!attempts.length) return;
    try {
      await this.queue.addBulk(
        attempts.map((a) => ({
          name: JOBS.deliverAttempt,
          data: { attemptId: a.attemptId },
          opts: { jobId: a.idempotencyKey, delay: a.delayMs && a.delayMs > 0 ? a.delayMs : undefined },
        })),
      );
    } catch (error) {
      this.logger.warn({ err: error, attempts: attempts.length }, 'queue unavailable; the outbox sweeper will deliver later');
    }
  }

  /** publish() for attempt ids from enqueue(), looking up their keys. */
  async publishIds(manager: EntityManager, attemptIds: number[]): Promise<void> {
    if (!attemptIds.length) return;
    const rows = await manager
      .createQueryBuilder(AssuranceAttemptEntity, 'a')
      .select(['a.attemptId', 'a.idempotencyKey'])
      .where('a.attemptId IN (:...ids)', { ids: attemptIds })
      .getMany();
    await this.publish(rows.map((r) => ({ attemptId: r.attemptId, idempotencyKey: r.idempotencyKey })));
  }
}
