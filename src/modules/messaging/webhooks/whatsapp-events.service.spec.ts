import { describe, expect, it } from '@jest/globals';
import type { DbScope } from '../../../database/db-scope';
import { newTestService, TEST_NOW } from '../../../../test/support/test-service';
import { SystemSettingsService } from '../../system/system-settings.service';
import type { AssuranceAttemptEntity } from '../entities/assurance-attempt.entity';
import { DeliveryRecorder } from '../outbox/delivery-recorder';
import { StatusReplies } from './status-replies';
import { WhatsAppEventsRepository, type StatusChange } from './whatsapp-events.repository';
import { WhatsAppEventsService, type DeliveryStatusEvent } from './whatsapp-events.service';

interface OptIn {
  id: number;
  optInStatus: boolean;
  revokedAt: Date | null;
  lastInboundAt: Date | null;
  lastAutoReplyAt: Date | null;
  consentText?: string;
}

/** The callbacks' tables in memory: attempts by provider id, opt-ins by number, handled inbound ids. */
class FakeEventsRepository {
  attempts = new Map<string, Partial<AssuranceAttemptEntity>>();
  optIns = new Map<string, OptIn>();
  handled = new Set<string>();
  events: { type: string; payload: Record<string, unknown> }[] = [];
  changes: Omit<StatusChange, 'attempt'>[] = [];
  requeued: { attemptId: number; errorCode: string | null }[] = [];

  async lockAttemptBySid(_scope: DbScope, sid: string) {
    return (this.attempts.get(sid) as AssuranceAttemptEntity | undefined) ?? null;
  }
  async group(_scope: DbScope, groupId: number) {
    return { groupId, formId: 'quick_message:7', reason: 'quick_message_received' };
  }
  async insertEvent(type: string, payload: Record<string, unknown>) {
    this.events.push({ type, payload });
  }
  async requeueAsTemplate(_scope: DbScope, attemptId: number, _sid: string, errorCode: string | null) {
    this.requeued.push({ attemptId, errorCode });
  }
  async applyStatus(_scope: DbScope, { attempt, ...change }: StatusChange) {
    this.changes.push(change);
    attempt.status = change.status;
  }
  async markInboundHandled(_scope: DbScope, sid: string) {
    if (this.handled.has(sid)) return false;
    this.handled.add(sid);
    return true;
  }
  async touchWindow(_scope: DbScope, phone: string, now: Date) {
    const row = this.optIns.get(phone) ?? {
      id: this.optIns.size + 1,
      optInStatus: false,
      revokedAt: null,
      lastInboundAt: null,
      lastAutoReplyAt: null,
    };
    row.lastInboundAt = now;
    this.optIns.set(phone, row);
    return { ...row };
  }
  private byId(id: number) {
    return [...this.optIns.values()].find((r) => r.id === id)!;
  }
  async revoke(_scope: DbScope, id: number, now: Date) {
    Object.assign(this.byId(id), { optInStatus: false, revokedAt: now });
  }
  async restore(_scope: DbScope, id: number, _now: Date, text: string) {
    Object.assign(this.byId(id), { optInStatus: true, revokedAt: null, consentText: text });
  }
  async claimAutoReply(_scope: DbScope, id: number, now: Date, since: Date) {
    const row = this.byId(id);
    if (row.lastAutoReplyAt && row.lastAutoReplyAt > since) return false;
    row.lastAutoReplyAt = now;
    return true;
  }
}

const PHONE = '+966551234567';
const HOUR = 60 * 60_000;

function setup() {
  const repo = new FakeEventsRepository();
  const t = newTestService(WhatsAppEventsService, {
    provide: [[WhatsAppEventsRepository, repo]],
    env: { PUBLIC_BASE_URL: 'https://hifz.example' },
  });
  t.mock(SystemSettingsService).values.mockResolvedValue({
    auto_reply_website: '',
    auto_reply_hours: ' من ٨ صباحاً ',
    auto_reply_area: 'الرياض',
    auto_reply_phone1: '0551234567',
    auto_reply_phone2: null,
  } as never);
  const replies = t.mock(StatusReplies);
  replies.answer.mockResolvedValue(false);
  const inbound = (text: string, messageId: string | null = null) => t.sut.inbound({ provider: 'twilio', phone: PHONE, text, messageId });
  return { ...t, repo, replies, recorder: t.mock(DeliveryRecorder), inbound };
}

const status = (word: string, extra: Partial<DeliveryStatusEvent> = {}): DeliveryStatusEvent => ({
  provider: 'twilio',
  providerMessageId: 'SM1',
  status: word,
  errorCode: null,
  errorMessage: null,
  ...extra,
});

describe('WhatsAppEventsService.status', () => {
  it('moves a message forward only: a late or repeated status changes nothing', async () => {
    const t = setup();
    t.repo.attempts.set('SM1', { attemptId: 41, status: 'sent', templateKey: 'inquiryReceived', body: null });
    const seen = [];
    for (const word of ['DELIVERED', 'sent', 'read', 'delivered', 'failed', 'read']) seen.push((await t.sut.status(status(word))).changed);
    expect(seen).toEqual([true, false, true, false, false, false]);
    expect(t.repo.changes.map((c) => c.status)).toEqual(['delivered', 'read']);
    // The quick message the acknowledgement answers shows it delivered (read counts as delivered).
    expect(t.recorder.subjectOutcome.mock.calls.map(([group, key, outcome]) => [group.formId, key, outcome])).toEqual([
      ['quick_message:7', 'inquiryReceived', 'delivered'],
      ['quick_message:7', 'inquiryReceived', 'delivered'],
    ]);
  });

  it('records a failure before delivery with the provider code, and nothing after a final status', async () => {
    const t = setup();
    t.repo.attempts.set('SM1', { attemptId: 41, status: 'sent', templateKey: 'customMessage', body: null });
    await expect(t.sut.status(status('undelivered', { errorCode: '30008' }))).resolves.toEqual({ changed: true });
    expect(t.repo.changes[0]).toMatchObject({
      status: 'undelivered',
      failing: true,
      errorCode: '30008',
      errorMessage: 'Twilio error 30008',
    });
    expect(t.recorder.subjectOutcome).toHaveBeenCalledWith(expect.anything(), 'customMessage', 'failed', 'Twilio error 30008');
    await expect(t.sut.status(status('delivered'))).resolves.toEqual({ changed: false });
    expect(t.repo.changes).toHaveLength(1);
  });

  it('sends free text refused outside the 24-hour window again as its template, waking the worker after commit', async () => {
    const t = setup();
    t.repo.attempts.set('SM1', {
      attemptId: 41,
      status: 'sent',
      templateKey: 'customMessage',
      body: 'نصل بعد ساعة',
      idempotencyKey: 'k41',
      claims: 2,
    });
    await expect(t.sut.status(status('failed', { provider: 'meta', errorCode: '131047' }))).resolves.toEqual({ changed: true });
    expect(t.repo.requeued).toEqual([{ attemptId: 41, errorCode: '131047' }]);
    expect(t.uow.published).toEqual([{ attemptId: 41, idempotencyKey: 'k41', claims: 2, templateKey: 'customMessage' }]);
    expect(t.repo.changes).toEqual([]);
    expect(t.recorder.subjectOutcome).not.toHaveBeenCalled();
  });

  it('keeps a status for a message it does not know as an event, changing nothing', async () => {
    const t = setup();
    await expect(t.sut.status(status('delivered', { providerMessageId: 'SM404' }))).resolves.toEqual({ changed: false });
    expect(t.repo.events).toEqual([
      { type: 'status_callback_unmatched', payload: { sid: 'SM404', status: 'delivered', provider: 'twilio' } },
    ]);
    expect(t.repo.changes).toEqual([]);
  });
});

describe('WhatsAppEventsService.inbound', () => {
  it('revokes the opt-in on STOP or «إيقاف», however written, and restores it on START or «اشتراك»', async () => {
    for (const [stop, start] of [
      ['Stop!', 'START'],
      ['إيقاف.', 'اشتراك'],
      [' إيـقـاف ', 'start'],
    ]) {
      const t = setup();
      await expect(t.inbound(stop)).resolves.toBe('opt_out');
      expect(t.repo.optIns.get(PHONE)).toMatchObject({ optInStatus: false, revokedAt: TEST_NOW, lastInboundAt: TEST_NOW });
      await expect(t.inbound(start)).resolves.toBe('opt_in');
      expect(t.repo.optIns.get(PHONE)).toMatchObject({ optInStatus: true, revokedAt: null, consentText: start });
      expect(t.uow.sent).toEqual([]);
    }
  });

  it("gives other text the auto-reply at most once per 24 hours per number, with the charity's variables", async () => {
    const t = setup();
    await expect(t.inbound('السلام عليكم')).resolves.toBe('auto_reply');
    expect(t.uow.sent).toEqual([
      {
        templateKey: 'autoReply',
        recipients: [{ whatsapp: PHONE, role: 'customer', optedIn: false }],
        // No website set: the site's own address; nothing for a number: a dash.
        variables: { website: 'https://hifz.example', hours: 'من ٨ صباحاً', area: 'الرياض', phone1: '0551234567', phone2: '-' },
        reason: 'auto_reply',
        requesterWhatsapp: PHONE,
      },
    ]);
    t.clock.advance(23 * HOUR);
    await expect(t.inbound('هل وصلتكم رسالتي؟')).resolves.toBe('none');
    t.clock.advance(1 * HOUR);
    await expect(t.inbound('مرحباً')).resolves.toBe('auto_reply');
    expect(t.uow.sent).toHaveLength(2);
    // Each message still opens the window.
    expect(t.repo.optIns.get(PHONE)?.lastInboundAt).toEqual(new Date(TEST_NOW.getTime() + 24 * HOUR));
    expect(t.repo.events.map((e) => e.payload.action)).toEqual(['auto_reply', 'none', 'auto_reply']);
  });

  it('sends nothing to a number that said STOP until it says START', async () => {
    const t = setup();
    await t.inbound('STOP');
    await expect(t.inbound('حالة')).resolves.toBe('none');
    await expect(t.inbound('السلام عليكم')).resolves.toBe('none');
    expect(t.replies.answer).not.toHaveBeenCalled();
    expect(t.uow.sent).toEqual([]);
  });

  it('answers «حالة» or a request number with the status reply instead of the auto-reply', async () => {
    const t = setup();
    t.replies.answer.mockResolvedValue(true);
    await expect(t.inbound('حالة')).resolves.toBe('status_reply');
    await expect(t.inbound('#١٠٢٤')).resolves.toBe('status_reply');
    expect(t.replies.answer.mock.calls.map(([, phone, question]) => [phone, question])).toEqual([
      [PHONE, { kind: 'latest' }],
      [PHONE, { kind: 'number', requestNumber: 1024 }],
    ]);
    // The status answer does not spend the day's auto-reply.
    t.replies.answer.mockResolvedValue(false);
    await expect(t.inbound('شكراً لكم')).resolves.toBe('auto_reply');
  });

  it('handles each inbound message id once: a provider retry or a replay changes nothing', async () => {
    const t = setup();
    await expect(t.inbound('STOP', 'SMin1')).resolves.toBe('opt_out');
    t.clock.advance(HOUR);
    await t.inbound('START', 'SMin2');
    await expect(t.inbound('STOP', 'SMin1')).resolves.toBe('none');
    expect(t.repo.optIns.get(PHONE)).toMatchObject({ optInStatus: true, lastInboundAt: new Date(TEST_NOW.getTime() + HOUR) });
    expect(t.repo.events.map((e) => e.payload.action)).toEqual(['opt_out', 'opt_in']);
  });
});
