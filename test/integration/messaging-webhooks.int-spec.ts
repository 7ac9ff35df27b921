import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { WHATSAPP_TEMPLATES } from '../../src/database/seeds/data/templates';
import { ActivityLogService } from '../../src/modules/reports/activity-log.service';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { postTwilioWebhook } from '../support/twilio-webhook-client';
import { waitFor } from '../support/wait-for';

const BASE = 'https://charity.example';
const SIDS = Object.fromEntries(
  [
    'newRequest',
    'statusUpdate',
    'customMessage',
    'requestConfirmation',
    'verificationCode',
    'securityAlert',
    'inquiryReceived',
    'autoReply',
  ].map((key, i) => [key, 'HX' + String(i).repeat(32)]),
);

describe('WhatsApp through Twilio: callbacks, inbound keywords, auto-reply, status changes, admin calls', () => {
  let t: TestApp;
  let db: DataSource;
  let double: TwilioDouble;
  let token: string;
  const clock = new FakeClock(new Date());
  let phoneSeq = 0;
  const nextPhone = () => `+9665${String(40000000 + ++phoneSeq).padStart(8, '0')}`;
  const local = (e164: string) => '0' + e164.slice(4);

  const status = (params: Record<string, string>, signature?: string) =>
    postTwilioWebhook(t, double.authToken, BASE, '/api/webhooks/twilio/status', params, signature);
  const inbound = (from: string, body: string, messageSid = 'SM' + Math.random().toString(16).slice(2).padEnd(32, '0')) =>
    postTwilioWebhook(t, double.authToken, BASE, '/api/webhooks/twilio/inbound', {
      MessageSid: messageSid,
      From: `whatsapp:${from}`,
      To: 'whatsapp:+14155238886',
      Body: body,
      ProfileName: 'عميل',
    });

  async function optIn(phone: string): Promise<void> {
    await db.query(
      `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, consent_timestamp, consent_method) VALUES ($1, true, now(), 'request_form')
       ON CONFLICT (phone_number) DO UPDATE SET opt_in_status = true, revoked_at = NULL`,
      [phone],
    );
  }

  async function insertRequest(phone: string, status = 'received', whatsappOptIn = true): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status, whatsapp_opt_in)
       VALUES ('wedding', 120, '2026-12-12', '23:00', 'مبنى 5، حي الشاطئ، ينبع', 'custom', 'سارة أحمد', $1, $2, $3) RETURNING id`,
      [local(phone), status, whatsappOptIn],
    );
    return row.id as number;
  }

  beforeAll(async () => {
    double = await new TwilioDouble().start();
    t = await createTestApp({
      worker: true,
      clock,
      env: {
        WHATSAPP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: double.accountSid,
        TWILIO_AUTH_TOKEN: double.authToken,
        TWILIO_FROM: 'whatsapp:+14155238886',
        TWILIO_BASE_URL: double.url,
        PUBLIC_BASE_URL: BASE,
        WHATSAPP_CONTENT_SIDS: JSON.stringify(SIDS),
      },
    });
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app)).token;
  });
  afterAll(async () => {
    await t?.close();
    await double?.stop();
  });

  describe('status callbacks', () => {
    it('refuse a missing or wrong signature with 403 and an Arabic message', async () => {
      const params = { MessageSid: 'SM' + 'c'.repeat(32), MessageStatus: 'delivered' };
      const wrong = await status(params, 'bm90LWEtc2lnbmF0dXJl');
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'توقيع الطلب غير صحيح' });
      const none = await t.http.post('/api/webhooks/twilio/status').type('form').send(params);
      expect(none.status).toBe(403);
    });

    it('move a message forward only; duplicates and late callbacks change nothing', async () => {
      const id = await insertRequest(nextPhone());
      const { attemptIds } = await db.transaction((m) =>
        t.app.get(OutboxService).enqueue(m, {
          templateKey: 'securityAlert',
          recipients: [{ whatsapp: '+966599000001', role: 'admin' }],
          variables: { alertTitle: 'اختبار', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
          reason: 'test',
          subject: { type: 'request', id },
        }),
      );
      await t.app.get(OutboxService).publishIds(db.manager, attemptIds);
      const attempt = await waitFor(async () => {
        const [a] = await db.query(`SELECT * FROM assurance_attempts WHERE attempt_id = $1 AND status = 'sent'`, [attemptIds[0]]);
        return a;
      });
      const sid = attempt.provider_message_id as string;
      expect(double.messages.find((m) => m.sid === sid)).toMatchObject({
        contentSid: SIDS.securityAlert,
        statusCallback: `${BASE}/api/webhooks/twilio/status`,
      });

      const statusOf = async () =>
        (await db.query('SELECT status FROM assurance_attempts WHERE attempt_id = $1', [attemptIds[0]]))[0].status;
      const logOf = async () =>
        (await db.query('SELECT status, delivered_at FROM notification_logs WHERE provider_message_id = $1', [sid]))[0];

      expect((await status({ MessageSid: sid, MessageStatus: 'delivered' })).status).toBe(200);
      expect(await statusOf()).toBe('delivered');
      const firstLog = await logOf();
      expect(firstLog.status).toBe('delivered');
      expect(firstLog.delivered_at).not.toBeNull();

      await status({ MessageSid: sid, MessageStatus: 'sent' }); // late
      await status({ MessageSid: sid, MessageStatus: 'queued' }); // later still
      await status({ MessageSid: sid, MessageStatus: 'delivered' }); // duplicate
      await status({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30008' }); // after delivery
      expect(await statusOf()).toBe('delivered');
      expect((await logOf()).delivered_at).toEqual(firstLog.delivered_at);

      await status({ MessageSid: sid, MessageStatus: 'read' });
      expect(await statusOf()).toBe('read');
      await status({ MessageSid: sid, MessageStatus: 'delivered' });
      expect(await statusOf()).toBe('read');
    });

    it('record a failure with its code, and a failure is final', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const id = await insertRequest(phone);
      const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'reviewing' });
      expect(res.status).toBe(200);
      const msg = await waitFor(() => double.sentTo(phone)[0]);
      await waitFor(
        async () => (await db.query(`SELECT 1 FROM assurance_attempts WHERE provider_message_id = $1 AND status = 'sent'`, [msg.sid]))[0],
      );
      await status({ MessageSid: msg.sid, MessageStatus: 'undelivered', ErrorCode: '63024', ErrorMessage: 'Invalid message recipient' });
      await status({ MessageSid: msg.sid, MessageStatus: 'delivered' });
      const [attempt] = await db.query('SELECT status, provider_error_code FROM assurance_attempts WHERE provider_message_id = $1', [
        msg.sid,
      ]);
      expect(attempt).toEqual({ status: 'undelivered', provider_error_code: '63024' });
    });
  });

  describe('inbound messages', () => {
    it('handles each MessageSid once: a replayed signed STOP does not revoke the opt-in again', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const stopSid = 'SM' + 'a1'.repeat(16);
      await inbound(phone, 'STOP', stopSid).then((r) => expect(r.status).toBe(200));
      await inbound(phone, 'START').then((r) => expect(r.status).toBe(200));
      // The same signed STOP again (Twilio's retry, or someone replaying it): answered, ignored.
      const replay = await inbound(phone, 'STOP', stopSid);
      expect(replay.status).toBe(200);
      const [row] = await db.query('SELECT opt_in_status, revoked_at FROM whatsapp_opt_ins WHERE phone_number = $1', [phone]);
      expect(row).toEqual({ opt_in_status: true, revoked_at: null });
      const events = await db.query(
        `SELECT count(*)::int AS n FROM assurance_events WHERE type = 'inbound_message' AND payload->>'messageSid' = $1`,
        [stopSid],
      );
      expect(events[0].n).toBe(1);
    });

    it('STOP (or إيقاف) revokes the opt-in found from the whatsapp: address; nothing is ever sent to that number again; START restores it', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const id = await insertRequest(phone);

      const res = await inbound(phone, '  إيقاف ');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/xml');
      const [row] = await db.query(
        'SELECT opt_in_status, revoked_at, revoked_method, last_inbound_at FROM whatsapp_opt_ins WHERE phone_number = $1',
        [phone],
      );
      expect(row.opt_in_status).toBe(false);
      expect(row.revoked_method).toBe('keyword');
      expect(row.revoked_at).not.toBeNull();
      expect(row.last_inbound_at).not.toBeNull();

      for (const next of ['reviewing', 'confirmed', 'cancelled']) {
        const change = await t.http
          .patch(`/api/requests/${id}/status`)
          .set('authorization', `Bearer ${token}`)
          .send({ status: next, cancellationReason: 'اختبار' });
        expect(change.status).toBe(200);
      }
      await inbound(phone, 'هل وصل طلبي؟'); // not even the auto-reply
      await waitFor(async () => {
        const rows: { status: string }[] = await db.query(
          `SELECT a.status FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id WHERE r.whatsapp = $1`,
          [phone],
        );
        return rows.length === 3 && rows.every((r) => r.status === 'cancelled');
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(double.sentTo(phone)).toHaveLength(0);

      await inbound(phone, 'Start');
      const [restored] = await db.query('SELECT opt_in_status, revoked_at, consent_method FROM whatsapp_opt_ins WHERE phone_number = $1', [
        phone,
      ]);
      expect(restored).toEqual({ opt_in_status: true, revoked_at: null, consent_method: 'inbound_start' });
      await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'received' });
      await waitFor(() => double.sentTo(phone).length === 1);
    });

    it('answers other text with the auto-reply (the five variables) at most once per 24 hours per number, without an opt-in', async () => {
      const phone = nextPhone();
      await db.query(`UPDATE system_settings SET value = 'https://hifz.example' WHERE key = 'auto_reply_website'`);
      await db.query(`UPDATE system_settings SET value = '0550001111' WHERE key = 'auto_reply_phone1'`);
      await inbound(phone, 'السلام عليكم، كم أوقات العمل؟');
      const reply = await waitFor(() => double.sentTo(phone)[0]);
      expect(reply.contentSid).toBe(SIDS.autoReply);
      const [website, hours, area, phone1, phone2] = await Promise.all(
        ['website', 'hours', 'area', 'phone1', 'phone2'].map(
          async (k) => (await db.query('SELECT value FROM system_settings WHERE key = $1', [`auto_reply_${k}`]))[0].value,
        ),
      );
      // A value the administrators have not set yet goes as a dash (the provider refuses an empty one).
      expect(reply.contentVariables).toEqual({ '1': website, '2': hours, '3': area, '4': phone1, '5': phone2 || '-' });
      expect(website).toBe('https://hifz.example');
      expect(phone1).toBe('0550001111');

      await inbound(phone, 'هل من رد؟');
      clock.advance(23 * 60 * 60_000);
      await inbound(phone, 'مرة أخرى');
      await new Promise((r) => setTimeout(r, 700));
      expect(double.sentTo(phone)).toHaveLength(1);

      clock.advance(60 * 60_000 + 1000);
      await inbound(phone, 'بعد يوم كامل');
      await waitFor(() => double.sentTo(phone).length === 2);
      token = (await signInAdmin(t.app)).token; // the session idled out while the clock moved a day
    });
  });

  describe('PATCH /api/requests/:id/status', () => {
    it('changes the status, logs who/from/to, and sends statusUpdate with the Arabic label; the same status sends nothing', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const id = await insertRequest(phone);
      const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'confirmed' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, changed: true, request: { id, status: 'confirmed' } });
      const [req] = await db.query('SELECT status FROM requests WHERE id = $1', [id]);
      expect(req.status).toBe('confirmed');
      const [log] = await db.query(`SELECT action, metadata FROM activity_logs WHERE entity_id = $1 AND action = 'status_changed'`, [
        String(id),
      ]);
      expect(log.metadata).toMatchObject({ from: 'received', to: 'confirmed', by: 'test-admin' });
      const sent = await waitFor(() => double.sentTo(phone)[0]);
      expect(sent.contentSid).toBe(SIDS.statusUpdate);
      expect(sent.contentVariables).toMatchObject({ '1': 'سارة أحمد', '2': String(id), '5': 'مؤكد للاستلام' });

      const again = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'confirmed' });
      expect(again.status).toBe(200);
      expect(again.body.changed).toBe(false);
      await new Promise((r) => setTimeout(r, 600));
      expect(double.sentTo(phone)).toHaveLength(1);
      expect(
        (await db.query(`SELECT count(*)::int AS n FROM activity_logs WHERE entity_id = $1 AND action = 'status_changed'`, [String(id)]))[0]
          .n,
      ).toBe(1);
    });

    it('puts the cancellation reason in the message', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const id = await insertRequest(phone);
      await t.http
        .patch(`/api/requests/${id}/status`)
        .set('authorization', `Bearer ${token}`)
        .send({ status: 'cancelled', cancellationReason: 'تأجيل المناسبة' });
      const sent = await waitFor(() => double.sentTo(phone)[0]);
      expect(sent.contentVariables!['5']).toBe('ملغي، سبب الإلغاء: تأجيل المناسبة');
    });

    it('sends nothing to a customer who did not opt in', async () => {
      const phone = nextPhone();
      const id = await insertRequest(phone, 'received', false);
      const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'reviewing' });
      expect(res.body.changed).toBe(true);
      await new Promise((r) => setTimeout(r, 600));
      expect(double.sentTo(phone)).toHaveLength(0);
    });

    it('answers 404 for an unknown request, 400 in Arabic for a bad status, 401 without a session', async () => {
      const missing = await t.http
        .patch('/api/requests/999999/status')
        .set('authorization', `Bearer ${token}`)
        .send({ status: 'confirmed' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('الطلب غير موجود');
      const bad = await t.http.patch('/api/requests/1/status').set('authorization', `Bearer ${token}`).send({ status: 'lost' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.status).toContain('حالة الطلب غير صحيحة');
      const anonymous = await t.http.patch('/api/requests/1/status').send({ status: 'confirmed' });
      expect(anonymous.status).toBe(401);
    });

    it('a change whose transaction rolls back sends nothing and keeps the old status', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const id = await insertRequest(phone);
      const activity = t.app.get(ActivityLogService);
      const original = activity.record.bind(activity);
      activity.record = async () => {
        throw new Error('the activity log is unavailable');
      };
      try {
        const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'completed' });
        expect(res.status).toBe(500);
      } finally {
        activity.record = original;
      }
      await new Promise((r) => setTimeout(r, 700));
      expect((await db.query('SELECT status FROM requests WHERE id = $1', [id]))[0].status).toBe('received');
      expect(double.sentTo(phone)).toHaveLength(0);
    });
  });

  describe('63016: free text outside the window', () => {
    it('falls back to the template within the same attempt', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const { attemptIds } = await db.transaction((m) =>
        t.app.get(OutboxService).enqueue(m, {
          templateKey: 'customMessage',
          recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
          variables: { recipientName: 'سارة', subject: 'طلبكم', message: 'سنصل الساعة العاشرة' },
          body: 'سنصل الساعة العاشرة',
          reason: 'test_free_text',
        }),
      );
      double.next({ kind: 'error', httpStatus: 400, code: 63016 });
      await t.app.get(OutboxService).publishIds(db.manager, attemptIds);
      await waitFor(() => double.sentTo(phone).length === 1);
      const tried = double.requests.filter((r) => r.method === 'POST' && r.params.To === `whatsapp:${phone}`);
      expect(tried).toHaveLength(2);
      expect(tried[0].params.Body).toBe('سنصل الساعة العاشرة');
      expect(tried[1].params.ContentSid).toBe(SIDS.customMessage);
      const attempt = await waitFor(async () => {
        const [a] = await db.query('SELECT status, attempts FROM assurance_attempts WHERE attempt_id = $1', [attemptIds[0]]);
        return a.status === 'sent' ? a : null;
      });
      expect(attempt).toEqual({ status: 'sent', attempts: 1 });
      const logs: { status: string; provider_error_code: string | null }[] = await db.query(
        'SELECT status, provider_error_code FROM notification_logs WHERE attempt_id = $1 ORDER BY id',
        [attemptIds[0]],
      );
      expect(logs).toEqual([
        { status: 'fallback_template', provider_error_code: '63016' },
        { status: 'sent', provider_error_code: null },
      ]);
    });
  });

  describe('63016 reported later by a status callback', () => {
    it('sends the same attempt again as the template', async () => {
      const phone = nextPhone();
      await optIn(phone);
      const { attemptIds } = await db.transaction((m) =>
        t.app.get(OutboxService).enqueue(m, {
          templateKey: 'customMessage',
          recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
          variables: { recipientName: 'سارة', subject: 'طلبكم', message: 'وصلنا' },
          body: 'وصلنا',
          reason: 'test_free_text_callback',
        }),
      );
      await t.app.get(OutboxService).publishIds(db.manager, attemptIds);
      const freeText = await waitFor(() => double.sentTo(phone)[0]);
      expect(freeText.body).toBe('وصلنا');
      await waitFor(
        async () => (await db.query(`SELECT status FROM assurance_attempts WHERE attempt_id = $1`, [attemptIds[0]]))[0].status === 'sent',
      );
      await status({ MessageSid: freeText.sid, MessageStatus: 'failed', ErrorCode: '63016' });
      const template = await waitFor(() => double.sentTo(phone)[1]);
      expect(template.contentSid).toBe(SIDS.customMessage);
      const attempt = await waitFor(async () => {
        const [a] = await db.query(`SELECT status, provider_message_id FROM assurance_attempts WHERE attempt_id = $1`, [attemptIds[0]]);
        return a.status === 'sent' && a.provider_message_id === template.sid ? a : null;
      });
      expect(attempt.status).toBe('sent');
    });
  });

  describe('quick messages (admin)', () => {
    async function insertQuickMessage(phone: string, status = 'pending'): Promise<number> {
      const [row] = await db.query(
        `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status)
         VALUES ('خالد', $1, 'استفسار عام', 'أخرى', 'متى تبدأون الاستلام؟', $2) RETURNING id`,
        [local(phone), status],
      );
      return row.id as number;
    }
    const auth = () => ({ authorization: `Bearer ${token}` });

    it('lists with stats (sent and delivered count as sent), resends failed ones, replies through customMessage and deletes in bulk', async () => {
      const phones = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
      for (const p of phones) await optIn(p);
      const ids = [
        await insertQuickMessage(phones[0], 'sent'),
        await insertQuickMessage(phones[1], 'delivered'),
        await insertQuickMessage(phones[2], 'failed'),
        await insertQuickMessage(phones[3], 'pending'),
      ];
      await db.query(`UPDATE quick_messages SET error_message = 'الرقم غير مسجل في واتساب' WHERE id = $1`, [ids[2]]);
      const list = await t.http
        .get('/api/admin/quick-messages')
        .query({ filter: JSON.stringify({ id: ids }) })
        .set(auth());
      expect(list.status).toBe(200);
      expect(list.headers['content-range']).toBe('items 0-3/4');
      const mine = list.body as { id: number }[];
      expect(mine.map((m) => m.id)).toEqual([...ids].reverse()); // newest first
      expect(mine.find((m: { id: number }) => m.id === ids[2])).toMatchObject({
        phoneNumber: local(phones[2]),
        senderName: 'خالد',
        originalMessage: 'متى تبدأون الاستلام؟',
        inquiryType: 'استفسار عام',
        inquirySubject: 'أخرى',
        status: 'failed',
        errorMessage: 'الرقم غير مسجل في واتساب',
        adminReply: null,
        replyStatus: null,
        requestId: null,
      });
      const stats = await t.http.get('/api/admin/quick-messages/stats').set(auth()).expect(200);
      const all = (await db.query('SELECT status FROM quick_messages')) as { status: string }[];
      expect(stats.body).toEqual({
        total: all.length,
        sent: all.filter((m) => m.status === 'sent' || m.status === 'delivered').length,
        failed: all.filter((m) => m.status === 'failed').length,
        pending: all.filter((m) => m.status === 'pending').length,
      });

      const notFailed = await t.http.post(`/api/admin/quick-messages/${ids[0]}/retry`).set(auth());
      expect(notFailed.status).toBe(409);
      expect(notFailed.body.message).toBe('لا يمكن إعادة إرسال رسالة لم يفشل إرسالها');

      const retry = await t.http.post(`/api/admin/quick-messages/${ids[2]}/retry`).set(auth());
      expect(retry.status).toBe(200);
      const ack = await waitFor(() => double.sentTo(phones[2])[0]);
      expect(ack.contentSid).toBe(SIDS.inquiryReceived);
      await waitFor(async () => (await db.query('SELECT status FROM quick_messages WHERE id = $1', [ids[2]]))[0].status === 'sent');
      await status({ MessageSid: ack.sid, MessageStatus: 'delivered' });
      expect((await db.query('SELECT status, error_message FROM quick_messages WHERE id = $1', [ids[2]]))[0]).toEqual({
        status: 'delivered',
        error_message: null,
      });

      const empty = await t.http.post(`/api/admin/quick-messages/${ids[3]}/reply`).set(auth()).send({ reply: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors.reply).toBe('نص الرد مطلوب');
      double.next({ kind: 'error', httpStatus: 400, code: 21610 });
      const reply = await t.http
        .post(`/api/admin/quick-messages/${ids[3]}/reply`)
        .set(auth())
        .send({ reply: 'نبدأ الاستلام من الساعة الثامنة.' });
      expect(reply.status).toBe(200);
      const failedReply = await waitFor(async () => {
        const [q] = await db.query('SELECT admin_reply, reply_status, reply_error_message FROM quick_messages WHERE id = $1', [ids[3]]);
        return q.reply_status === 'failed' ? q : null;
      });
      expect(failedReply.admin_reply).toBe('نبدأ الاستلام من الساعة الثامنة.');
      expect(failedReply.reply_error_message).toContain('ألغى المستلم الاشتراك');
      await t.http.post(`/api/admin/quick-messages/${ids[3]}/reply`).set(auth()).send({ reply: 'نعتذر، نبدأ الساعة التاسعة.' });
      const sentReply = await waitFor(() => double.sentTo(phones[3]).find((m) => m.contentSid === SIDS.customMessage));
      expect(sentReply.contentVariables).toMatchObject({ '1': 'خالد', '3': 'نعتذر، نبدأ الساعة التاسعة.' });
      await waitFor(
        async () => (await db.query('SELECT reply_status FROM quick_messages WHERE id = $1', [ids[3]]))[0].reply_status === 'sent',
      );

      const del = await t.http
        .delete('/api/admin/quick-messages')
        .set(auth())
        .send({ ids: ids.slice(0, 2) });
      expect(del.status).toBe(200);
      expect(del.body.deleted).toBe(2);
      const bad = await t.http.delete('/api/admin/quick-messages').set(auth()).send({ ids: [] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.ids).toBe('اختر رسالة واحدة على الأقل');
    });
  });

  describe('WhatsApp admin calls', () => {
    const auth = () => ({ authorization: `Bearer ${token}` });

    it('administrator numbers: E.164 validated, stored in the database, then used by the broadcast test', async () => {
      expect((await t.http.get('/api/admin/whatsapp-numbers').set(auth())).body).toEqual({ numbers: [], source: 'database' });
      const bad = await t.http
        .post('/api/admin/whatsapp-numbers')
        .set(auth())
        .send({ numbers: ['0501234567'] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.numbers).toContain('الصيغة الدولية');
      const ok = await t.http.post('/api/admin/whatsapp-numbers').set(auth()).send({ numbers: '+966 50 111 2222, 00966503334444' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ numbers: ['+966501112222', '+966503334444'], source: 'database' });
      expect((await t.http.get('/api/admin/whatsapp-numbers').set(auth())).body.numbers).toEqual(['+966501112222', '+966503334444']);

      try {
        const broadcast = await t.http.post('/api/admin/test-whatsapp-broadcast').set(auth());
        expect(broadcast.status).toBe(200);
        expect(broadcast.body).toMatchObject({ success: true, summary: { total: 2, successful: 2, failed: 0 } });
        expect(double.sentTo('+966501112222').length).toBeGreaterThan(0);
      } finally {
        // Other test files of the run expect no administrator number in the database.
        await db.query(`DELETE FROM system_settings WHERE key = 'admin_whatsapp_numbers'`);
      }
    });

    it('test-whatsapp-single answers the spec shape, and a failure with success false', async () => {
      const res = await t.http
        .post('/api/admin/test-whatsapp-single')
        .set(auth())
        .send({ testNumber: '+966 55 000 1111', customMessage: 'تجربة' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, details: { phoneNumber: '+966550001111' } });
      expect(typeof res.body.message).toBe('string');
      expect(typeof res.body.details.statusMessage).toBe('string');
      expect(typeof res.body.details.instructions).toBe('string');
      expect(double.sentTo('+966550001111').at(-1)!.contentVariables!['3']).toBe('تجربة');

      double.next({ kind: 'error', httpStatus: 400, code: 21211 });
      const failed = await t.http.post('/api/admin/test-whatsapp-single').set(auth()).send({ testNumber: '+966550001112' });
      expect(failed.body.success).toBe(false);
      expect(failed.body.details.statusMessage).toContain('رقم الجوال غير صالح');

      const missing = await t.http.post('/api/admin/test-whatsapp-single').set(auth()).send({});
      expect(missing.status).toBe(400);
      expect(missing.body.errors.testNumber).toBe('رقم الاختبار مطلوب');
    });

    it('template-info: eight templates with components, content SIDs and a compliance check; toggle-template-mode', async () => {
      const res = await t.http.get('/api/admin/template-info').set(auth());
      expect(res.status).toBe(200);
      expect(res.body.totalTemplates).toBe(8);
      expect(res.body.metaCompliant).toBe(8);
      expect(res.body.useTemplates).toBe(true);
      expect(res.body.templates.statusUpdate).toMatchObject({
        name: 'request_status_update',
        language: 'ar',
        category: 'utility',
        contentSid: SIDS.statusUpdate,
      });
      expect(res.body.templates.statusUpdate.components.map((c: { type: string }) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER']);
      expect(res.body.compliance.newRequest).toEqual({ isCompliant: true, issues: [], recommendations: [] });

      await db.query(
        `UPDATE assurance_templates SET components = '[{"type":"BODY","text":"{{1}} تم {{3}}"},{"type":"FOOTER","text":"{{1}}"}]' WHERE key = 'customMessage'`,
      );
      const broken = await t.http.get('/api/admin/template-info').set(auth());
      expect(broken.body.metaCompliant).toBe(7);
      expect(broken.body.compliance.customMessage.isCompliant).toBe(false);
      expect(broken.body.compliance.customMessage.issues.length).toBeGreaterThanOrEqual(3);
      await db.query(`UPDATE assurance_templates SET components = $1 WHERE key = 'customMessage'`, [
        JSON.stringify(WHATSAPP_TEMPLATES.find((x) => x.key === 'customMessage')!.components),
      ]);

      const off = await t.http.post('/api/admin/toggle-template-mode').set(auth()).send({ useTemplates: false });
      expect(off.status).toBe(200);
      expect(typeof off.body.message).toBe('string');
      expect((await t.http.get('/api/admin/template-info').set(auth())).body.useTemplates).toBe(false);
      await t.http.post('/api/admin/toggle-template-mode').set(auth()).send({ useTemplates: true });
      const bad = await t.http.post('/api/admin/toggle-template-mode').set(auth()).send({ useTemplates: 'maybe' });
      expect(bad.status).toBe(400);
    });

    it('auto-response variables: read with a preview, saved one key at a time', async () => {
      const res = await t.http.post('/api/admin/whatsapp/auto-response-variables').set(auth()).send({ key: 'phone1', value: '0550001234' });
      expect(res.status).toBe(200);
      const get = await t.http.get('/api/admin/whatsapp/auto-response-variables').set(auth());
      expect(Object.keys(get.body.variables)).toEqual(['website', 'hours', 'area', 'phone1', 'phone2']);
      expect(get.body.variables.phone1).toBe('0550001234');
      expect(get.body.preview).toContain('للتواصل المباشر: 0550001234');
      expect(get.body.preview).toContain('هذا الرقم مخصص للإشعارات');
      const bad = await t.http.post('/api/admin/whatsapp/auto-response-variables').set(auth()).send({ key: 'footer', value: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.key).toContain('اسم المتغير غير صحيح');
    });
  });
});

describe('administrator numbers from the environment', () => {
  it('are read-only: POST answers 409 with an Arabic message naming ADMIN_WHATSAPP_NUMBERS', async () => {
    const t = await createTestApp({ env: { ADMIN_WHATSAPP_NUMBERS: '+966501234567' } });
    try {
      const { token } = await signInAdmin(t.app);
      const get = await t.http.get('/api/admin/whatsapp-numbers').set('authorization', `Bearer ${token}`);
      expect(get.body).toEqual({ numbers: ['+966501234567'], source: 'environment' });
      const post = await t.http
        .post('/api/admin/whatsapp-numbers')
        .set('authorization', `Bearer ${token}`)
        .send({ numbers: ['+966500000001'] });
      expect(post.status).toBe(409);
      expect(post.body.message).toContain('ADMIN_WHATSAPP_NUMBERS');
    } finally {
      await t.close();
    }
  });
});
