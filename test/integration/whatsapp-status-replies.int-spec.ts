import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { NO_REQUEST_TEXT } from '../../src/modules/messaging/webhooks/status-replies';
import { messagesSettled, riyadh, sha256, submitRequest } from '../support/self-service';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { SIDS, TwilioWhatsApp } from '../support/webhooks';

// «حالة» or a request number written to the charity's number (Twilio inbound webhook): the answer is
// the phone's request's status and link as free text, instead of the generic auto-reply.

const LINK = /https:\/\/charity\.example\/r\/([A-Za-z0-9_-]{43})/;

describe('status on WhatsApp (Twilio)', () => {
  let whatsapp: TwilioWhatsApp;
  let db: DataSource;
  let double: TwilioDouble;

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(45_000_000, { RATE_LIMIT_REQUESTS_PER_MINUTE: '1000', RATE_LIMIT_STATUS_REPLIES_PER_HOUR: '4' });
    ({ db, double } = whatsapp);
    whatsapp.clock.set(riyadh('2026-12-10T10:00:00'));
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  /** Free-text messages (no content SID) the double received for a number. */
  const texts = (phone: string) => double.sentTo(phone).filter((m) => m.contentSid === null);
  async function ask(phone: string, text: string, answers: number): Promise<string> {
    const res = await whatsapp.inbound(phone, text);
    expect(res.status).toBe(200);
    const sent = await waitFor(() => texts(phone).length >= answers && texts(phone), 20_000, `answer ${answers} to ${phone}`);
    return sent[answers - 1].body;
  }
  async function host() {
    const phone = whatsapp.nextPhone();
    const id = await submitRequest(whatsapp.t, db, whatsapp.local(phone));
    const confirmation = await waitFor(() => double.sentTo(phone).find((m) => m.contentSid === SIDS.requestConfirmation));
    await messagesSettled(db, id);
    return { phone, id, link: confirmation.contentVariables!['7'] };
  }

  it("answers «حالة» with the phone's latest request: its status and its link, as free text, not the auto-reply", async () => {
    const { phone, id, link } = await host();
    const answer = await ask(phone, 'حالة', 1);
    expect(answer).toContain(`#${id}`);
    expect(answer).toContain('تم الاستلام');
    expect(answer.match(LINK)?.[1]).toBe(link);
    expect(double.sentTo(phone).filter((m) => m.contentSid === SIDS.autoReply)).toHaveLength(0);
    // The outbox and the log keep the link's token only masked.
    const [attempt] = await db.query(
      `SELECT a.body, a.secret_variables FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE r.whatsapp = $1 AND a.body IS NOT NULL`,
      [phone],
    );
    expect(attempt.body).not.toContain(link);
    expect(attempt.body).toContain('/r/{{6}}');
    const [logged] = await db.query(
      `SELECT message_content FROM notification_logs WHERE recipient_phone = $1 AND template_key = 'statusUpdate'`,
      [phone],
    );
    expect(logged.message_content).toContain('/r/••••••');
    expect(logged.message_content).not.toContain(link);
  });

  it('answers a request number, Western or Arabic-Indic, with # or without, and every time (not once a day)', async () => {
    const first = await host();
    // The same phone's second request is now the latest.
    const second = await submitRequest(whatsapp.t, db, whatsapp.local(first.phone), { daysAhead: 3 });
    await messagesSettled(db, second);
    await whatsapp.t.http
      .patch(`/api/requests/${first.id}/status`)
      .set({ authorization: `Bearer ${(await signInAdmin(whatsapp.t.app)).token}` })
      .send({ status: 'confirmed' })
      .expect(200);
    await messagesSettled(db, first.id);
    const arabic = String(first.id).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const byNumber = await ask(first.phone, `#${arabic}`, 1);
    expect(byNumber).toContain(`#${first.id}`);
    expect(byNumber).toContain('مؤكد للاستلام');
    expect(byNumber.match(LINK)?.[1]).toBe(first.link);
    const latest = await ask(first.phone, 'الحالة', 2);
    expect(latest).toContain(`#${second}`);
    expect(sha256(latest.match(LINK)![1])).toBe(
      (await db.query(`SELECT self_service_token_hash AS h FROM requests WHERE id = $1`, [second]))[0].h,
    );
    expect(await ask(first.phone, String(first.id), 3)).toContain(`#${first.id}`);
  });

  it("answers another phone's request number exactly as a phone without requests, revealing nothing", async () => {
    const owner = await host();
    const stranger = whatsapp.nextPhone();
    const answer = await ask(stranger, String(owner.id), 1);
    expect(answer).toBe(NO_REQUEST_TEXT);
    const none = await ask(stranger, 'حالة', 2);
    expect(none).toBe(NO_REQUEST_TEXT);
    for (const text of [answer, none]) {
      expect(text).not.toContain(String(owner.id));
      expect(text).not.toMatch(LINK);
    }
  });

  it('limits answers per number per hour; past the limit the message is like any other text (the auto-reply, once a day)', async () => {
    const { phone } = await host();
    for (let i = 1; i <= 4; i++) expect(await ask(phone, 'حالة', i)).toContain('تم الاستلام');
    const res = await whatsapp.inbound(phone, 'حالة');
    expect(res.status).toBe(200);
    const autoReply = await waitFor(() => double.sentTo(phone).find((m) => m.contentSid === SIDS.autoReply));
    expect(autoReply).toBeDefined();
    await new Promise((r) => setTimeout(r, 600));
    expect(texts(phone)).toHaveLength(4);
  });
});
