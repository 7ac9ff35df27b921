import { describe, expect, it, jest } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import { decryptSecret, deriveKey } from '../../../common/crypto/secrets';
import { QUEUES } from '../../../common/queues/queues';
import type { PublishedAttempt } from '../../../database/outbox-message';
import { FAKE_SCOPE } from '../../../../test/support/fakes';
import { newTestService, stubOf, testConfig, TEST_NOW } from '../../../../test/support/test-service';
import { TemplateRegistry } from '../templates/template-registry';
import { TemplatesRepository } from '../templates/templates.repository';
import { OutboxRepository, type EnqueueRow } from './outbox.repository';
import { OutboxService } from './outbox.service';

/** BullMQ's queue as the outbox uses it: jobs added one by one or in bulk, or Redis away. */
class FakeQueue {
  added: { name: string; data: unknown; opts: Record<string, unknown> }[] = [];
  bulkCalls = 0;
  down = false;
  on = jest.fn();
  async add(name: string, data: unknown, opts: Record<string, unknown>) {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    this.added.push({ name, data, opts });
  }
  async addBulk(jobs: { name: string; data: unknown; opts: Record<string, unknown> }[]) {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    this.bulkCalls += 1;
    this.added.push(...jobs);
  }
}

function setup() {
  const queue = new FakeQueue();
  const config = testConfig();
  const t = newTestService(OutboxService, {
    provide: [
      [getQueueToken(QUEUES.whatsappDelivery), queue],
      [TemplateRegistry, new TemplateRegistry(stubOf(TemplatesRepository), config)],
    ],
  });
  const rows = t.mock(OutboxRepository);
  rows.enqueue.mockImplementation(async (_scope, row) =>
    row.whatsapps.map((_w, i) => ({ group_id: 9, attempt_id: 100 + i, idempotency_key: `key${i}` })),
  );
  const written = (): EnqueueRow => rows.enqueue.mock.calls[0][1];
  const opened = (sealed: string | null) => JSON.parse(decryptSecret(deriveKey(t.config.appSecret, 'message-secrets'), sealed!)) as unknown;
  return { ...t, queue, rows, written, opened };
}

const statusUpdate = {
  organizerName: 'أم خالد',
  requestNumber: 1024,
  eventTypeLabel: 'زواج',
  eventDate: '2026-11-29',
  statusLabel: 'تم الاستلام',
};
const TOKEN = 'tok_5f3a9c1e7b2d4a6f';

describe('OutboxService.enqueue', () => {
  it("stores a template's secret variables encrypted and never in clear, whichever map the caller used", async () => {
    const t = setup();
    await t.sut.enqueue(FAKE_SCOPE, {
      templateKey: 'statusUpdate',
      recipients: [{ whatsapp: '+966501234567', role: 'customer', optedIn: true }],
      variables: { ...statusUpdate, selfServiceToken: TOKEN },
      reason: 'status_changed',
      subject: { type: 'request', id: 1024 },
      body: `تابع طلبك: https://hifz.example/r/${TOKEN}`,
    });
    const row = t.written();
    expect(JSON.parse(row.contentVariables)).toEqual({ '1': 'أم خالد', '2': '1024', '3': 'زواج', '4': '2026-11-29', '5': 'تم الاستلام' });
    expect(t.opened(row.sealedSecrets)).toEqual({ '6': TOKEN });
    // The free-text body keeps the token's place, not the token.
    expect(row.body).toBe('تابع طلبك: https://hifz.example/r/{{6}}');
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(row.formId).toBe('request:1024');
  });

  it('seals a login code given as a secret, dates the message by the app clock, and seals nothing for a message without secrets', async () => {
    const t = setup();
    t.clock.set('2026-11-29T20:15:00Z');
    await t.sut.enqueue(FAKE_SCOPE, {
      templateKey: 'verificationCode',
      recipients: [{ whatsapp: '+966501234567', role: 'admin' }],
      secretVariables: { code: '482913' },
      reason: 'login_code',
    });
    expect(t.opened(t.written().sealedSecrets)).toEqual({ '1': '482913' });
    expect(t.written().createdAt).toEqual(new Date('2026-11-29T20:15:00Z'));

    const plain = setup();
    await plain.sut.enqueue(FAKE_SCOPE, {
      templateKey: 'customMessage',
      recipients: [{ whatsapp: '+966501234567', role: 'customer', optedIn: true }],
      variables: { recipientName: 'أم خالد', subject: 'طلبكم', message: 'نصل بعد ساعة' },
      reason: 'quick_message_reply',
    });
    expect(plain.written()).toMatchObject({ sealedSecrets: null, body: null, formId: null, createdAt: TEST_NOW });
  });

  it('writes one attempt per person even when a number is listed twice; administrators count as consenting, customers only when they did', async () => {
    const t = setup();
    const enqueued = await t.sut.enqueue(FAKE_SCOPE, {
      templateKey: 'customMessage',
      recipients: [
        { whatsapp: '+966501234567', role: 'admin' },
        { whatsapp: '+966551112222', role: 'customer' },
        { whatsapp: '+966501234567', role: 'admin' },
        { whatsapp: '+966559998888', role: 'customer', optedIn: true },
      ],
      variables: { recipientName: 'المشرف', subject: 'اختبار', message: 'نص' },
      reason: 'admin_test',
    });
    const row = t.written();
    expect(row.whatsapps).toEqual(['+966501234567', '+966551112222', '+966559998888']);
    expect(row.roles).toEqual(['admin', 'customer', 'customer']);
    expect(row.optedIn).toEqual([true, false, true]);
    expect(enqueued).toEqual({
      groupId: 9,
      attemptIds: [100, 101, 102],
      attempts: [100, 101, 102].map((attemptId, i) => ({ attemptId, idempotencyKey: `key${i}`, templateKey: 'customMessage' })),
    });
  });

  it('refuses a message missing one of its template variables before writing anything', async () => {
    const t = setup();
    await expect(
      t.sut.enqueue(FAKE_SCOPE, {
        templateKey: 'customMessage',
        recipients: [{ whatsapp: '+966501234567', role: 'admin' }],
        variables: { recipientName: 'المشرف', subject: 'اختبار' },
        reason: 'admin_test',
      }),
    ).rejects.toThrow('Template "customMessage" needs a value for "message"');
    expect(t.rows.enqueue).not.toHaveBeenCalled();
  });
});

describe('OutboxService.publish', () => {
  const attempt = (n: number, extra: Partial<PublishedAttempt> = {}): PublishedAttempt => ({
    attemptId: n,
    idempotencyKey: `k${n}`,
    templateKey: 'customMessage',
    ...extra,
  });

  it('names each job by key and claim, puts codes and alerts first and honours a delay', async () => {
    const t = setup();
    await t.sut.publish([
      attempt(1, { templateKey: 'verificationCode' }),
      attempt(2, { templateKey: 'requestConfirmation', claims: 3 }),
      attempt(3, { delayMs: 5000 }),
    ]);
    expect(t.queue.added).toEqual([
      { name: 'deliver-attempt', data: { attemptId: 1, claim: 0, key: 'k1' }, opts: { jobId: 'k1.0', priority: 1, delay: undefined } },
      { name: 'deliver-attempt', data: { attemptId: 2, claim: 3, key: 'k2' }, opts: { jobId: 'k2.3', priority: 2, delay: undefined } },
      { name: 'deliver-attempt', data: { attemptId: 3, claim: 0, key: 'k3' }, opts: { jobId: 'k3.0', priority: 3, delay: 5000 } },
    ]);
    // No personal data goes to Redis: ids and the key only.
    expect(JSON.stringify(t.queue.added)).not.toMatch(/\+966/);
    expect(t.queue.bulkCalls).toBe(0);
  });

  it('adds a broadcast of more than four in one bulk call', async () => {
    const t = setup();
    await t.sut.publish([1, 2, 3, 4, 5].map((n) => attempt(n)));
    expect(t.queue.bulkCalls).toBe(1);
    expect(t.queue.added.map((j) => j.opts.jobId)).toEqual(['k1.0', 'k2.0', 'k3.0', 'k4.0', 'k5.0']);
  });

  it('never fails the caller when Redis is down: it warns and leaves the rows to the sweeper', async () => {
    const t = setup();
    t.queue.down = true;
    await expect(t.sut.publish([attempt(1)])).resolves.toBeUndefined();
    await expect(t.sut.publish([1, 2, 3, 4, 5].map((n) => attempt(n)))).resolves.toBeUndefined();
    const warnings = t.logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    expect(warnings.map((w) => w.msg)).toEqual([
      'queue unavailable; the outbox sweeper will deliver later',
      'queue unavailable; the outbox sweeper will deliver later',
    ]);
  });
});
