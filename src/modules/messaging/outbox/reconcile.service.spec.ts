import { describe, expect, it } from '@jest/globals';
import { newTestService, stubOf, testConfig, TEST_NOW } from '../../../../test/support/test-service';
import { WHATSAPP_PROVIDER } from '../providers/whatsapp-provider';
import type { ProviderSentMessage, SendResult, WhatsAppProvider } from '../providers/whatsapp-provider';
import { TemplateRegistry } from '../templates/template-registry';
import { TemplatesRepository } from '../templates/templates.repository';
import { DeliveryRecorder } from './delivery-recorder';
import type { ClaimedAttempt } from './delivery.repository';
import { DeliveryRepository } from './delivery.repository';
import { ReconcileService } from './reconcile.service';

/** A provider that keeps a list of what it accepted (Twilio's), in memory. */
class ListingProvider implements WhatsAppProvider {
  readonly name = 'twilio';
  readonly needsContentSid = true;
  listed: ProviderSentMessage[] = [];
  asked: { to: string; since: Date }[] = [];
  down = false;
  async send(): Promise<SendResult> {
    throw new Error('the sweeper never sends');
  }
  async listSent(to: string, since: Date): Promise<ProviderSentMessage[]> {
    this.asked.push({ to, since });
    if (this.down) throw new Error('Twilio list: 503');
    return this.listed.filter((m) => m.to === to);
  }
}

/** A provider with no list of sent messages (Meta's Cloud API). */
const metaProvider: WhatsAppProvider = {
  name: 'meta',
  needsContentSid: false,
  send: async () => ({ providerMessageId: 'wamid.x', status: 'accepted' }),
};

const A = '+966551234567';
const LEASE_END = new Date(TEST_NOW.getTime() - 1000);

function attempt(attemptId: number, body: string | null, over: Partial<ClaimedAttempt> = {}): ClaimedAttempt {
  return {
    attemptId,
    groupId: 9,
    recipientId: attemptId,
    templateKey: 'customMessage',
    contentVariables: { '1': 'أم خالد', '2': 'طلبكم', '3': `رسالة ${attemptId}` },
    attempts: 1,
    claims: 1,
    secretVariables: null,
    body,
    createdAt: new Date(TEST_NOW.getTime() - 5 * 60_000),
    nextAttemptAt: LEASE_END,
    ...over,
  };
}

function setup(provider: WhatsAppProvider, attempts: ClaimedAttempt[], numbers: Record<number, string> = {}) {
  const registry = new TemplateRegistry(stubOf(TemplatesRepository), testConfig());
  const t = newTestService(ReconcileService, {
    provide: [
      [WHATSAPP_PROVIDER, provider],
      [TemplateRegistry, registry],
    ],
  });
  const repo = t.mock(DeliveryRepository);
  const byId = new Map(attempts.map((a) => [a.attemptId, a]));
  repo.expiredClaims.mockResolvedValue(
    attempts.map((a) => ({ attemptId: a.attemptId, leaseEnd: LEASE_END, whatsapp: numbers[a.attemptId] ?? A })),
  );
  repo.findAttempt.mockImplementation(async (id) => byId.get(id) ?? null);
  repo.context.mockResolvedValue({
    recipient: { recipientId: 1, whatsapp: A, role: 'customer' },
    group: { formId: 'request:1024', reason: 'x' },
  } as never);
  repo.knownProviderIds.mockResolvedValue(new Set());
  repo.requeueExpired.mockResolvedValue(true);
  const recorder = t.mock(DeliveryRecorder);
  recorder.sent.mockResolvedValue(true);
  const events = () => repo.insertEvent.mock.calls.map(([type, payload]) => ({ type, payload }));
  const requeued = () => repo.requeueExpired.mock.calls.map(([id]) => id);
  return { ...t, repo, recorder, registry, events, requeued };
}

const sentMessage = (id: string, body: string, status = 'delivered'): ProviderSentMessage => ({
  providerMessageId: id,
  to: A,
  body,
  status,
  createdAt: TEST_NOW,
});

describe('ReconcileService.reclaimExpired', () => {
  it("records a taken-back claim the provider's list shows as sent instead of sending it again", async () => {
    const provider = new ListingProvider();
    const t = setup(provider, [attempt(41, 'نصل إليكم بعد ساعة'), attempt(42, 'رسالة لم تصل')]);
    provider.listed = [sentMessage('SM1', ' نصل إليكم بعد ساعة ')];
    await expect(t.sut.reclaimExpired()).resolves.toEqual({ requeued: 1, reconciled: 1 });
    // Listed since the earliest claim began (lease end minus the lease), a minute early for clock skew.
    expect(provider.asked).toEqual([{ to: A, since: new Date(LEASE_END.getTime() - 120_000 - 60_000) }]);
    expect(t.recorder.sent).toHaveBeenCalledTimes(1);
    expect(t.recorder.sent).toHaveBeenCalledWith(
      expect.objectContaining({ requestId: 1024, maskedText: 'نصل إليكم بعد ساعة' }),
      'SM1',
      true,
    );
    expect(t.events()).toEqual([{ type: 'attempt_reconciled', payload: { attemptId: 41, providerMessageId: 'SM1' } }]);
    expect(t.requeued()).toEqual([42]);
  });

  it('matches a template message by its rendered text, and never by a listed message already recorded or failed', async () => {
    const provider = new ListingProvider();
    const template = attempt(41, null);
    const t = setup(provider, [template, attempt(42, 'ب'), attempt(43, 'ج')]);
    const text = t.registry.render(t.registry.definition('customMessage'), ['أم خالد', 'طلبكم', 'رسالة 41']);
    provider.listed = [sentMessage('SM1', text), sentMessage('SM2', 'ب'), sentMessage('SM3', 'ج', 'failed')];
    t.repo.knownProviderIds.mockResolvedValue(new Set(['SM2']));
    await expect(t.sut.reclaimExpired()).resolves.toEqual({ requeued: 2, reconciled: 1 });
    expect(t.recorder.sent.mock.calls.map(([, sid]) => sid)).toEqual(['SM1']);
    expect(t.requeued()).toEqual([42, 43]);
  });

  it('matches by time alone only when one claim and one unexplained message are left for the number', async () => {
    const provider = new ListingProvider();
    provider.listed = [sentMessage('SM9', 'نص غيّره المزود')];
    const one = setup(provider, [attempt(41, 'نص آخر')]);
    await expect(one.sut.reclaimExpired()).resolves.toEqual({ requeued: 0, reconciled: 1 });
    expect(one.recorder.sent.mock.calls[0][1]).toBe('SM9');

    const two = setup(provider, [attempt(41, 'نص آخر'), attempt(42, 'نص ثالث')]);
    await expect(two.sut.reclaimExpired()).resolves.toEqual({ requeued: 2, reconciled: 0 });
    expect(two.recorder.sent).not.toHaveBeenCalled();
  });

  it('sends again when the list cannot be read, and never asks the provider about the console stand-in', async () => {
    const provider = new ListingProvider();
    provider.down = true;
    const t = setup(provider, [attempt(41, 'أ'), attempt(42, 'ب')], { 42: 'console' });
    await expect(t.sut.reclaimExpired()).resolves.toEqual({ requeued: 2, reconciled: 0 });
    expect(provider.asked.map((a) => a.to)).toEqual([A]);
    expect(t.logLines.join('')).toContain('could not list sent messages; sending again');
    expect(t.logLines.join('')).not.toContain(A);
  });

  it('requeues what it cannot check and counts it as possibly sent twice when the provider keeps no list', async () => {
    const t = setup(metaProvider, [attempt(41, 'أ'), attempt(42, 'ب')]);
    await expect(t.sut.reclaimExpired()).resolves.toEqual({ requeued: 2, reconciled: 0 });
    expect(t.recorder.sent).not.toHaveBeenCalled();
    expect(t.events()).toEqual([{ type: 'claims_resent_unverified', payload: { provider: 'meta', count: 2 } }]);
    const warning = t.logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => l.level === 40);
    expect(warning?.msg).toMatch(/keeps no list of sent messages/);
  });

  it('does not count a claim another worker recorded or requeued meanwhile', async () => {
    const t = setup(metaProvider, [attempt(41, 'أ')]);
    t.repo.requeueExpired.mockResolvedValue(false);
    await expect(t.sut.reclaimExpired()).resolves.toEqual({ requeued: 0, reconciled: 0 });
    expect(t.events()).toEqual([]);
  });
});
