import { describe, expect, it } from '@jest/globals';
import { Clock, FakeClock } from '../../../common/clock/clock';
import { deriveKey, encryptSecret } from '../../../common/crypto/secrets';
import { newTestService, stubOf, testConfig, TEST_NOW } from '../../../../test/support/test-service';
import { DeliveryCircuit } from '../circuit/delivery-circuit';
import type { CircuitRow } from '../circuit/delivery-circuit.repository';
import { ProviderError, WHATSAPP_PROVIDER } from '../providers/whatsapp-provider';
import type { OutgoingWhatsAppMessage, SendResult, WhatsAppProvider } from '../providers/whatsapp-provider';
import { TemplateRegistry } from '../templates/template-registry';
import { TemplatesRepository } from '../templates/templates.repository';
import { ConversationsRepository } from './conversations.repository';
import { DeliveryPolicy } from './delivery-policy';
import { DeliveryRecorder } from './delivery-recorder';
import { DELIVERY_TEXTS } from './delivery-texts';
import type { Claim, OptInState } from './delivery.repository';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryService } from './delivery.service';

/** The WhatsApp provider in memory: what it was asked to send, and the answers it was told to give (then it accepts). */
class FakeProvider implements WhatsAppProvider {
  readonly name = 'fake';
  readonly needsContentSid = false;
  sent: OutgoingWhatsAppMessage[] = [];
  refusals: Error[] = [];
  async send(message: OutgoingWhatsAppMessage): Promise<SendResult> {
    this.sent.push(message);
    const refusal = this.refusals.shift();
    if (refusal) throw refusal;
    return { providerMessageId: `SM${this.sent.length}`, status: 'queued' };
  }
}

const HOUR = 60 * 60_000;
const CLOSED: CircuitRow = {
  state: 'closed',
  consecutiveFailures: 0,
  openedAt: null,
  retryAt: null,
  cooldownMs: 0,
  probeBy: null,
  lastError: null,
};
const CUSTOMER = { recipientId: 5, whatsapp: '+966551234567', role: 'customer', optedIn: false };
const ADMIN = { recipientId: 5, whatsapp: '+966501234567', role: 'admin', optedIn: true };
const REPLY = {
  templateKey: 'customMessage',
  contentVariables: { '1': 'أم خالد', '2': 'استفساركم', '3': 'نصل بعد ساعة' },
  body: null as string | null,
};

/** `cap`: the daily cap of business-initiated conversations (0: off). */
function setup({ cap = 0, templateMode = 'true' } = {}) {
  const config = testConfig({ WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: String(cap) });
  const clock = new FakeClock(TEST_NOW);
  const repo = stubOf(DeliveryRepository);
  repo.templateModeSetting.mockResolvedValue(templateMode);
  const conversations = stubOf(ConversationsRepository);
  conversations.book.mockResolvedValue({ outcome: 'opened' } as never);
  const provider = new FakeProvider();
  const t = newTestService(DeliveryService, {
    env: { WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: String(cap) },
    provide: [
      [Clock, clock],
      [WHATSAPP_PROVIDER, provider],
      [DeliveryRepository, repo],
      [TemplateRegistry, new TemplateRegistry(stubOf(TemplatesRepository), config)],
      // The real consent and daily-cap rules, over in-memory repositories.
      [DeliveryPolicy, new DeliveryPolicy(repo, conversations, config, clock)],
    ],
  });
  const circuit = t.mock(DeliveryCircuit);
  circuit.gate.mockResolvedValue({ send: true, probe: false, dirty: false });
  const recorder = t.mock(DeliveryRecorder);
  recorder.sent.mockResolvedValue(true);
  /** The worker claims attempt 41 as the repository would return it. */
  const claim = (over: { attempt?: Record<string, unknown>; recipient?: object; reason?: string; optIn?: OptInState | null } = {}) =>
    repo.claim.mockResolvedValue({
      attempt: {
        attemptId: 41,
        groupId: 9,
        recipientId: 5,
        attempts: 1,
        claims: 1,
        secretVariables: null,
        createdAt: TEST_NOW,
        nextAttemptAt: null,
        ...REPLY,
        ...over.attempt,
      },
      recipient: over.recipient ?? CUSTOMER,
      group: { formId: 'request:1024', reason: over.reason ?? 'status_changed' },
      optIn: over.optIn === undefined ? null : over.optIn,
      circuit: CLOSED,
    } as Claim);
  const seal = (secrets: Record<string, string>) => encryptSecret(deriveKey(config.appSecret, 'message-secrets'), JSON.stringify(secrets));
  return { ...t, clock, repo, conversations, provider, circuit, recorder, claim, seal };
}

const consented: OptInState = { optInStatus: true, revokedAt: null, lastInboundAt: null };

describe('DeliveryService.deliver', () => {
  it('sends a login code to an administrator without consent, the code only to the provider and masked everywhere else', async () => {
    const t = setup();
    t.claim({
      // Even a number whose only row is the one its own message to the charity made (no consent, window closed).
      recipient: { ...ADMIN, optedIn: false },
      optIn: { optInStatus: false, revokedAt: null, lastInboundAt: new Date(TEST_NOW.getTime() - 72 * HOUR) },
      reason: 'login_code',
      attempt: { templateKey: 'verificationCode', contentVariables: {}, secretVariables: t.seal({ '1': '482913' }) },
    });
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'sent' });
    expect(t.provider.sent).toHaveLength(1);
    expect(t.provider.sent[0]).toMatchObject({
      to: '+966501234567',
      templateKey: 'verificationCode',
      variables: ['482913'],
      freeText: false,
    });
    expect(t.provider.sent[0].text).toContain('رمز التحقق الخاص بك هو 482913');
    const [ctx, sid] = t.recorder.sent.mock.calls[0];
    expect(sid).toBe('SM1');
    expect(ctx.maskedText).toContain('رمز التحقق الخاص بك هو ••••••');
    expect(JSON.stringify(t.recorder.sent.mock.calls) + t.logLines.join('')).not.toContain('482913');
  });

  it('cancels a customer message without consent, and any message to a number that sent STOP, without calling the provider', async () => {
    for (const [optIn, reason] of [
      [null, 'status_changed'],
      // STOP wins even over a reply inside the window the customer just opened.
      [{ optInStatus: false, revokedAt: new Date(TEST_NOW.getTime() - HOUR), lastInboundAt: TEST_NOW }, 'auto_reply'],
    ] as const) {
      const t = setup();
      t.claim({ optIn, reason });
      await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'cancelled' });
      expect(t.provider.sent).toEqual([]);
      expect(t.recorder.ended).toHaveBeenCalledWith(expect.anything(), 'cancelled', {
        stopReason: 'not_opted_in',
        message: DELIVERY_TEXTS.noConsent,
      });
    }
  });

  it('answers a customer without consent only inside the 24-hour window their own message opened', async () => {
    const inside = setup();
    inside.claim({
      reason: 'auto_reply',
      optIn: { optInStatus: false, revokedAt: null, lastInboundAt: new Date(TEST_NOW.getTime() - 23 * HOUR) },
    });
    await expect(inside.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'sent' });

    const outside = setup();
    outside.claim({
      reason: 'auto_reply',
      optIn: { optInStatus: false, revokedAt: null, lastInboundAt: new Date(TEST_NOW.getTime() - 25 * HOUR) },
    });
    await expect(outside.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'cancelled' });
    expect(outside.provider.sent).toEqual([]);

    // A message the charity starts is not a reply: the window alone does not make it allowed.
    const started = setup();
    started.claim({ reason: 'status_changed', optIn: { optInStatus: false, revokedAt: null, lastInboundAt: TEST_NOW } });
    await expect(started.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'cancelled' });
  });

  it("fills a free-text body's secret link only for the provider, keeping it masked in the records", async () => {
    const t = setup();
    const token = 'tok_5f3a9c1e7b2d4a6f';
    t.claim({ optIn: consented, attempt: { body: 'تابعوا طلبكم: https://hifz.example/r/{{6}}', secretVariables: t.seal({ '6': token }) } });
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'sent' });
    expect(t.provider.sent[0]).toMatchObject({ freeText: true, text: `تابعوا طلبكم: https://hifz.example/r/${token}` });
    expect(t.recorder.sent.mock.calls[0][0].maskedText).toBe('تابعوا طلبكم: https://hifz.example/r/••••••');
  });

  it('sends free text inside the window, and the same attempt as its template when the provider says the window closed', async () => {
    const t = setup();
    t.claim({ optIn: consented, reason: 'quick_message_reply', attempt: { body: 'نصل إليكم بعد ساعة' } });
    t.provider.refusals.push(new ProviderError('outside the window', false, '63016'));
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'sent' });
    expect(t.provider.sent.map((m) => [m.freeText, m.text.includes('نصل إليكم بعد ساعة')])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(t.provider.sent[1].text).toContain('نصل بعد ساعة');
    expect(t.recorder.log).toHaveBeenCalledWith(expect.anything(), 'fallback_template', {
      errorMessage: 'outside the window',
      code: '63016',
    });
    expect(t.recorder.ended).not.toHaveBeenCalled();
  });

  it("stops at once on a permanent refusal, with the provider's code, and tells the circuit the provider answered", async () => {
    const t = setup();
    t.claim({ optIn: consented });
    t.provider.refusals.push(new ProviderError('invalid number', false, '21211'));
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'failed' });
    expect(t.recorder.ended).toHaveBeenCalledWith(expect.anything(), 'failed', {
      stopReason: '21211',
      code: '21211',
      message: 'invalid number',
    });
    expect(t.circuit.succeeded).toHaveBeenCalled();
    expect(t.circuit.faulted).not.toHaveBeenCalled();
    expect(t.repo.scheduleRetry).not.toHaveBeenCalled();
    expect(t.provider.sent).toHaveLength(1);
  });

  it('retries a provider fault or a network error later with backoff, counting it against the circuit', async () => {
    for (const error of [new ProviderError('Service Unavailable', true, '503', 503), new TypeError('fetch failed')]) {
      const t = setup();
      t.claim({ optIn: consented });
      t.provider.refusals.push(error);
      const result = await t.sut.deliver(41, 1);
      expect(result.outcome).toBe('retry');
      const wait = result.nextAttemptAt!.getTime() - TEST_NOW.getTime();
      expect(wait).toBeGreaterThanOrEqual(1000);
      expect(wait).toBeLessThanOrEqual(2000);
      expect(t.repo.scheduleRetry).toHaveBeenCalledWith(41, result.nextAttemptAt!, {
        code: error instanceof ProviderError ? '503' : 'NETWORK',
        message: error.message,
      });
      expect(t.recorder.log).toHaveBeenCalledWith(expect.anything(), 'retrying', expect.objectContaining({ errorMessage: error.message }));
      expect(t.circuit.faulted).toHaveBeenCalled();
      expect(t.recorder.ended).not.toHaveBeenCalled();
    }
  });

  it('gives up a retryable failure once the 24-hour retry window is over', async () => {
    const t = setup();
    t.claim({ optIn: consented, attempt: { createdAt: new Date(TEST_NOW.getTime() - 24 * HOUR + 500), attempts: 9 } });
    t.provider.refusals.push(new ProviderError('Service Unavailable', true, '503', 503));
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'failed' });
    expect(t.recorder.ended).toHaveBeenCalledWith(expect.anything(), 'failed', {
      stopReason: 'retry_window_over',
      code: '503',
      message: 'Service Unavailable',
    });
    expect(t.repo.scheduleRetry).not.toHaveBeenCalled();
  });

  it('never sends a login code older than its 5 minutes', async () => {
    const t = setup();
    t.claim({
      recipient: ADMIN,
      attempt: {
        templateKey: 'verificationCode',
        contentVariables: {},
        secretVariables: t.seal({ '1': '482913' }),
        createdAt: new Date(TEST_NOW.getTime() - 5 * 60_000 - 1000),
      },
    });
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'failed' });
    expect(t.recorder.ended).toHaveBeenCalledWith(expect.anything(), 'failed', { stopReason: 'expired', message: DELIVERY_TEXTS.expired });
    expect(t.provider.sent).toEqual([]);
  });

  it('sends nothing while the provider circuit is open, or when another worker took the claim', async () => {
    const t = setup();
    t.claim({ optIn: consented });
    const until = new Date(TEST_NOW.getTime() + 30_000);
    t.circuit.gate.mockResolvedValue({ send: false, until });
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'paused', nextAttemptAt: until });
    expect(t.repo.waitForCircuit).toHaveBeenCalledWith(41, until, TEST_NOW);

    t.repo.claim.mockResolvedValue(null);
    await expect(t.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'skipped' });
    expect(t.provider.sent).toEqual([]);
    expect(t.recorder.ended).not.toHaveBeenCalled();
  });

  it('defers (never drops) a message past the daily cap, and gives back a booked conversation the provider refused', async () => {
    const full = setup({ cap: 10 });
    full.claim({ optIn: consented });
    full.conversations.book.mockResolvedValue({ outcome: 'full', freesAt: new Date(TEST_NOW.getTime() - 20 * HOUR) } as never);
    // The oldest conversation (20 hours old) leaves the rolling day in 4 hours: the message waits until then.
    const until = new Date(TEST_NOW.getTime() + 4 * HOUR + 1000);
    await expect(full.sut.deliver(41, 1)).resolves.toEqual({ outcome: 'deferred', nextAttemptAt: until });
    expect(full.recorder.deferred).toHaveBeenCalledWith(expect.anything(), until, {
      errorMessage: DELIVERY_TEXTS.dailyCapDeferred,
      code: 'DAILY_CAP',
    });
    expect(full.provider.sent).toEqual([]);

    const refused = setup({ cap: 10 });
    refused.claim({ optIn: consented });
    refused.provider.refusals.push(new ProviderError('invalid number', false, '21211'));
    await refused.sut.deliver(41, 1);
    expect(refused.conversations.release).toHaveBeenCalledWith('+966551234567', TEST_NOW);
  });

  it('sends template messages as free text while the template mode is off', async () => {
    const t = setup({ templateMode: 'false' });
    t.claim({ optIn: consented });
    await t.sut.deliver(41, 1);
    expect(t.provider.sent[0]).toMatchObject({ freeText: true });
    expect(t.provider.sent[0].text).toContain('نصل بعد ساعة');
  });
});
