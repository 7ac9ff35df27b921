import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { MetaDouble } from '../support/meta-double';
import { META_WEBHOOK, metaSign, MetaWhatsApp } from '../support/meta-webhooks';
import { publishAttempts } from '../support/outbox';
import { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { scopeOf } from '../../src/database/db-scope';

// Meta's webhooks: the subscription handshake, X-Hub-Signature-256 over the exact bytes, delivery
// statuses that only move forward, and inbound messages (STOP/START, replays, the auto-reply).

describe('WhatsApp through Meta: webhooks', () => {
  let whatsapp: MetaWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: MetaDouble;
  let clock: FakeClock;

  beforeAll(async () => {
    whatsapp = await MetaWhatsApp.start(52_000_000);
    ({ t, db, double, clock } = whatsapp);
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  /** A security alert to a fresh number, sent through the double; its attempt id and wamid. */
  async function sentAlert(): Promise<{ attemptId: number; wamid: string; phone: string }> {
    const phone = whatsapp.nextPhone();
    const { attemptIds } = await db.transaction((m) =>
      t.app.get(OutboxService).enqueue(scopeOf(m), {
        templateKey: 'securityAlert',
        recipients: [{ whatsapp: phone, role: 'admin' }],
        variables: { alertTitle: 'اختبار', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'meta_webhook_test',
      }),
    );
    await publishAttempts(t.app.get(OutboxService), db, attemptIds);
    const row = await whatsapp.sentAttempt(attemptIds[0]);
    return { attemptId: attemptIds[0], wamid: row.provider_message_id, phone };
  }
  const statusOf = async (attemptId: number) =>
    (await db.query('SELECT status, provider_error_code FROM assurance_attempts WHERE attempt_id = $1', [attemptId]))[0] as {
      status: string;
      provider_error_code: string | null;
    };
  const optInOf = async (phone: string) =>
    (
      await db.query(
        'SELECT opt_in_status, revoked_at, revoked_method, consent_method, last_inbound_at FROM whatsapp_opt_ins WHERE phone_number = $1',
        [phone],
      )
    )[0];

  describe('the subscription handshake', () => {
    const handshake = (query: Record<string, string>) => t.http.get(META_WEBHOOK).query(query);

    it('answers hub.challenge as plain text for hub.mode=subscribe with the verify token', async () => {
      const res = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': double.verifyToken, 'hub.challenge': '1158201444' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('1158201444');
    });

    it('refuses a wrong token, another mode or no parameters with 403 in the Arabic envelope', async () => {
      const queries: Record<string, string>[] = [
        { 'hub.mode': 'subscribe', 'hub.verify_token': 'guessed', 'hub.challenge': '1' },
        { 'hub.mode': 'unsubscribe', 'hub.verify_token': double.verifyToken, 'hub.challenge': '1' },
        {},
      ];
      for (const query of queries) {
        const res = await handshake(query);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ statusCode: 403, code: 'INVALID_VERIFY_TOKEN', message: 'رمز التحقق من الاشتراك غير صحيح' });
      }
    });
  });

  describe('status notifications', () => {
    it('move a message forward only, by its wamid; duplicates and late ones change nothing', async () => {
      const { attemptId, wamid } = await sentAlert();
      expect(wamid.length).toBeGreaterThan(64);
      const logOf = async () =>
        (await db.query('SELECT status, delivered_at FROM notification_logs WHERE provider_message_id = $1', [wamid]))[0];

      // Meta may batch statuses in one notification, and sends "sent" and "delivered" in any order.
      const res = await whatsapp.status({ id: wamid, status: 'delivered' }, { id: wamid, status: 'sent' });
      expect(res.status).toBe(200);
      expect((await statusOf(attemptId)).status).toBe('delivered');
      const firstLog = await logOf();
      expect(firstLog.status).toBe('delivered');
      expect(firstLog.delivered_at).not.toBeNull();

      await whatsapp.status({ id: wamid, status: 'delivered' }); // a repeat
      await whatsapp.status({ id: wamid, status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] }); // after delivery
      expect((await statusOf(attemptId)).status).toBe('delivered');
      expect((await logOf()).delivered_at).toEqual(firstLog.delivered_at);

      await whatsapp.status({ id: wamid, status: 'read' });
      expect((await statusOf(attemptId)).status).toBe('read');
      await whatsapp.status({ id: wamid, status: 'delivered' });
      expect((await statusOf(attemptId)).status).toBe('read');
    });

    it('record a failure with its code, and a failure is final', async () => {
      const { attemptId, wamid } = await sentAlert();
      await whatsapp.status({ id: wamid, status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] });
      await whatsapp.status({ id: wamid, status: 'delivered' });
      expect(await statusOf(attemptId)).toEqual({ status: 'failed', provider_error_code: '131026' });
      const [log] = await db.query(
        `SELECT status, provider_error_code, error_message FROM notification_logs WHERE provider_message_id = $1`,
        [wamid],
      );
      expect(log).toMatchObject({
        status: 'failed',
        provider_error_code: '131026',
        error_message: expect.stringContaining('undeliverable'),
      });
    });

    it('refuse a forged, missing or re-serialised signature with 403 in the Arabic envelope, and change nothing', async () => {
      const { attemptId, wamid } = await sentAlert();
      const body = whatsapp.statusBody({ id: wamid, status: 'delivered' });
      const refused = [
        await whatsapp.post(body, metaSign('not-the-app-secret', body)),
        await whatsapp.post(body, null),
        await whatsapp.post(body, 'sha256=' + '0'.repeat(64)),
        await whatsapp.post(body, 'sha1=' + metaSign(double.appSecret, body).slice(7, 47)),
        // The parsed and re-written JSON is the same data but not the bytes Meta signed.
        await whatsapp.post(JSON.stringify(JSON.parse(body), null, 1), metaSign(double.appSecret, body)),
      ];
      for (const res of refused) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ statusCode: 403, code: 'INVALID_SIGNATURE', message: 'توقيع الطلب غير صحيح' });
      }
      expect((await statusOf(attemptId)).status).toBe('sent');

      // The same bytes with Meta's signature go through.
      expect((await whatsapp.post(body)).status).toBe(200);
      expect((await statusOf(attemptId)).status).toBe('delivered');

      // A forged «إيقاف» (Arabic, escaped as Meta writes it: signed over the escaped bytes) revokes nothing.
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const stop = whatsapp.inboundBody(phone, { kind: 'text', text: 'إيقاف' });
      expect(stop).toContain('\\u0625');
      expect((await whatsapp.post(stop, metaSign('forged', stop))).status).toBe(403);
      expect((await whatsapp.post(JSON.stringify(JSON.parse(stop)), metaSign(double.appSecret, stop))).status).toBe(403);
      expect(await optInOf(phone)).toMatchObject({ opt_in_status: true, revoked_at: null, last_inbound_at: null });
      expect((await whatsapp.post(stop)).status).toBe(200);
      expect((await optInOf(phone)).opt_in_status).toBe(false);
    });

    it('ignore a notification for another phone number of the same app', async () => {
      const { attemptId, wamid } = await sentAlert();
      const body = whatsapp.statusBody({ id: wamid, status: 'delivered' }).replace(double.phoneNumberId, '999999999999999');
      expect((await whatsapp.post(body)).status).toBe(200);
      expect((await statusOf(attemptId)).status).toBe('sent');
    });
  });

  describe('inbound messages', () => {
    it('إيقاف (or STOP) revokes the opt-in; nothing is sent to that number again; اشتراك (or START, a button) restores it', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      expect((await whatsapp.inbound(phone, ' إيقاف. ')).status).toBe(200);
      const revoked = await optInOf(phone);
      expect(revoked).toMatchObject({ opt_in_status: false, revoked_method: 'keyword' });
      expect(revoked.revoked_at).not.toBeNull();
      expect(revoked.last_inbound_at).not.toBeNull();

      const { attemptIds } = await db.transaction((m) =>
        t.app.get(OutboxService).enqueue(scopeOf(m), {
          templateKey: 'customMessage',
          recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
          variables: { recipientName: 'سارة', subject: 'طلبكم', message: 'رسالة بعد الإيقاف' },
          reason: 'meta_webhook_test',
        }),
      );
      await publishAttempts(t.app.get(OutboxService), db, attemptIds);
      await waitFor(async () => (await statusOf(attemptIds[0])).status === 'cancelled');
      expect(double.sentTo(phone)).toEqual([]);

      await whatsapp.inbound(phone, { kind: 'button', text: 'اشتراك' });
      expect(await optInOf(phone)).toMatchObject({ opt_in_status: true, revoked_at: null, consent_method: 'inbound_start' });
      await whatsapp.inbound(phone, { kind: 'interactive', title: 'STOP' });
      expect((await optInOf(phone)).opt_in_status).toBe(false);
      await whatsapp.inbound(phone, 'Start');
      expect((await optInOf(phone)).opt_in_status).toBe(true);
    });

    it('handles each inbound wamid once: a replayed signed STOP changes nothing', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const stop = whatsapp.inboundBody(phone, { kind: 'text', text: 'STOP' });
      const stopId = (JSON.parse(stop) as { entry: { changes: { value: { messages: { id: string }[] } }[] }[] }).entry[0].changes[0].value
        .messages[0].id;
      expect((await whatsapp.post(stop)).status).toBe(200);
      await whatsapp.inbound(phone, 'START');
      // Meta's retry of the same notification, or someone replaying it: answered, ignored.
      expect((await whatsapp.post(stop)).status).toBe(200);
      expect(await optInOf(phone)).toMatchObject({ opt_in_status: true, revoked_at: null });
      const [events] = await db.query(
        `SELECT count(*)::int AS n FROM assurance_events WHERE type = 'inbound_message' AND payload->>'messageSid' = $1`,
        [stopId],
      );
      expect(events.n).toBe(1);
    });

    it('answers other messages (a photo too) with the auto-reply template at most once per 24 hours; a reaction is not a message', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.inbound(phone, { kind: 'reaction' });
      expect(await optInOf(phone)).toBeUndefined();

      await whatsapp.inbound(phone, { kind: 'image' });
      const reply = await waitFor(() => double.sentTo(phone)[0]);
      expect(reply.type).toBe('template');
      expect(reply.template).toMatchObject({ name: 'auto_reply', language: 'ar' });
      expect(reply.template!.components).toHaveLength(1);
      expect(reply.template!.components[0].parameters).toHaveLength(5);

      await whatsapp.inbound(phone, 'هل من رد؟');
      clock.advance(23 * 60 * 60_000);
      await whatsapp.inbound(phone, 'مرة أخرى');
      await new Promise((r) => setTimeout(r, 700));
      expect(double.sentTo(phone)).toHaveLength(1);

      clock.advance(60 * 60_000 + 1000);
      await whatsapp.inbound(phone, 'بعد يوم كامل');
      await waitFor(() => double.sentTo(phone).length === 2);
    });
  });
});
