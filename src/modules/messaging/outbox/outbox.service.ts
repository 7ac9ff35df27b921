import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { Clock } from '../../../common/clock/clock';
import { deriveKey, encryptSecret } from '../../../common/crypto/secrets';
import { DeliverAttemptJob, JOBS, QUEUES } from '../../../common/queues/queues';
import { TemplateRegistry } from '../templates/template-registry';
import { OutboxRepository } from './outbox.repository';
import { EnqueuedMessage, OutboxMessage, PublishedAttempt } from '../../../database/outbox-message';
import type { OutboxWriter } from '../../../database/unit-of-work';
import { jobPriority } from './priorities';
import type { DbScope } from '../../../database/db-scope';

/** Up to this many jobs are added one by one rather than with addBulk (see publish()). */
const SMALL_BATCH = 4;

/**
 * The transactional outbox (ARCHITECTURE.md §5). Modules send with `tx.send` inside their unit of work,
 * which calls enqueue() with that transaction (its DbScope), so the business change and the message rows
 * commit or roll back together; after the commit the unit of work calls publish() to wake the worker. If Redis is down, publish() fails quietly and
 * the sweeper delivers the rows a few seconds later: nothing is lost.
 */
@Injectable()
export class OutboxService implements OutboxWriter {
  private readonly secretKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @InjectQueue(QUEUES.whatsappDelivery) private readonly queue: Queue<DeliverAttemptJob>,
    private readonly templates: TemplateRegistry,
    @Inject(Clock) private readonly clock: Clock,
    private readonly rows: OutboxRepository,
  ) {
    this.secretKey = deriveKey(config.appSecret, 'message-secrets');
    // Connection errors surface through publish() and the health check; without a listener BullMQ
    // would print every reconnection failure to the console.
    this.queue.on('error', () => undefined);
  }

  async enqueue(manager: DbScope, message: OutboxMessage): Promise<EnqueuedMessage> {
    const template = this.templates.definition(message.templateKey);
    // A template's own secret variables (a login code) are secret whichever map the caller used.
    const values = { ...(message.variables ?? {}) };
    const secrets: Record<string, string> = { ...(message.secretVariables ?? {}) };
    for (const name of template.secretVariables) {
      if (name in values) secrets[name] = String(values[name]);
      delete values[name];
    }
    const { contentVariables, secretPositions } = this.templates.positional(template, values, secrets);

    // One statement writes the group, its event, the recipients and their attempts (data-modifying
    // CTEs): this runs inside every request that notifies someone, so it costs one round trip whatever
    // the number of recipients. The idempotency key is random (a UUID's 32 hex digits): unique across
    // databases, so a Redis that outlives its database (a new database; a restore gives every waiting
    // message a new key: outbox-restore.repository.ts) never holds a job under the same id; the
    // group+recipient+template constraint keeps a message from being written twice.
    const formId = message.subject ? `${message.subject.type}:${message.subject.id}` : null;
    const sealedSecrets = Object.keys(secretPositions).length ? encryptSecret(this.secretKey, JSON.stringify(secretPositions)) : null;
    // One message per person, even if a number is listed twice.
    const recipients = [...new Map(message.recipients.map((r) => [r.whatsapp, r])).values()];
    const event = {
      templateKey: message.templateKey,
      reason: message.reason,
      subject: message.subject ?? null,
      recipients: message.recipients.length,
    };
    const rows = await this.rows.enqueue(manager, {
      templateKey: message.templateKey,
      formId,
      requesterWhatsapp: message.requesterWhatsapp ?? null,
      contentVariables: JSON.stringify(contentVariables),
      reason: message.reason,
      event: JSON.stringify(event),
      whatsapps: recipients.map((r) => r.whatsapp),
      roles: recipients.map((r) => r.role),
      optedIn: recipients.map((r) => (r.role === 'admin' ? true : (r.optedIn ?? false))),
      sealedSecrets,
      // A secret in a free-text body (a link's token) is stored as its placeholder, filled when sent.
      body: message.body !== undefined ? this.templates.sealBody(message.body, secretPositions) : null,
      // The app's clock (not the database's): a message's age, which decides a code's useful life,
      // is then measured on one clock.
      createdAt: this.clock.now(),
    });
    const groupId = rows[0].group_id;
    const attempts = rows
      .filter((r) => r.attempt_id !== null)
      .map((r) => ({ attemptId: r.attempt_id as number, idempotencyKey: r.idempotency_key as string, templateKey: message.templateKey }));
    return { groupId, attemptIds: attempts.map((a) => a.attemptId), attempts };
  }

  /**
   * Wakes the worker for these attempts (after commit). Never throws: the sweeper is the safety net.
   * The job id is the attempt's key and its claim count: adding the same claim twice is a no-op, and
   * each new claim (after a retry or a dead worker's lease) is a new job, never hidden by an old one.
   */
  async publish(attempts: PublishedAttempt[]): Promise<void> {
    if (!attempts.length) return;
    const jobs = attempts.map((a) => ({
      name: JOBS.deliverAttempt,
      data: { attemptId: a.attemptId, claim: a.claims ?? 0, key: a.idempotencyKey },
      opts: {
        jobId: `${a.idempotencyKey}.${a.claims ?? 0}`,
        priority: jobPriority(a.templateKey),
        delay: a.delayMs && a.delayMs > 0 ? a.delayMs : undefined,
      },
    }));
    try {
      // A few jobs go one by one: BullMQ's addBulk builds an ioredis pipeline, whose constructor copies
      // every script BullMQ defines (a large per-call cost on the public form's path). Broadcasts batch.
      if (jobs.length <= SMALL_BATCH) await Promise.all(jobs.map((j) => this.queue.add(j.name, j.data, j.opts)));
      else await this.queue.addBulk(jobs);
    } catch (error) {
      this.logger.warn({ err: error, attempts: attempts.length }, 'queue unavailable; the outbox sweeper will deliver later');
    }
  }
}
