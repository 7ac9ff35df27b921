import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { BASE, SIDS, TwilioWhatsApp } from '../support/webhooks';
import { publishAttempts } from '../support/outbox';
import { scopeOf } from '../../src/database/db-scope';

// Twilio status callbacks (signature, forward-only status, failures) and the 63016 fallback to the template.

describe('WhatsApp through Twilio: status callbacks and the 63016 fallback', () => {
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: TwilioDouble;
  let token: string;

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(40_000_000);
    ({ t, db, double, token } = whatsapp);
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  describe('status callbacks', () => {
    it('refuse a missing or wrong signature with 403 and an Arabic message', async () => {
      const params = { MessageSid: 'SM' + 'c'.repeat(32), MessageStatus: 'delivered' };
      const wrong = await whatsapp.status(params, 'bm90LWEtc2lnbmF0dXJl');
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'توقيع الطلب غير صحيح' });
      const none = await t.http.post('/api/webhooks/twilio/status').type('form').send(params);
      expect(none.status).toBe(403);
    });

    it('move a message forward only; duplicates and late callbacks change nothing', async () => {
      const id = await whatsapp.insertRequest(whatsapp.nextPhone());
      const { attemptIds } = await db.transaction((m) =>
        t.app.get(OutboxService).enqueue(scopeOf(m), {
          templateKey: 'securityAlert',
          recipients: [{ whatsapp: '+966599000001', role: 'admin' }],
          variables: { alertTitle: 'اختبار', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
          reason: 'test',
          subject: { type: 'request', id },
        }),
      );
      await publishAttempts(t.app.get(OutboxService), db, attemptIds);
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

      expect((await whatsapp.status({ MessageSid: sid, MessageStatus: 'delivered' })).status).toBe(200);
      expect(await statusOf()).toBe('delivered');
      const firstLog = await logOf();
      expect(firstLog.status).toBe('delivered');
      expect(firstLog.delivered_at).not.toBeNull();

      await whatsapp.status({ MessageSid: sid, MessageStatus: 'sent' }); // late
      await whatsapp.status({ MessageSid: sid, MessageStatus: 'queued' }); // later still
      await whatsapp.status({ MessageSid: sid, MessageStatus: 'delivered' }); // duplicate
      await whatsapp.status({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30008' }); // after delivery
      expect(await statusOf()).toBe('delivered');
      expect((await logOf()).delivered_at).toEqual(firstLog.delivered_at);

      await whatsapp.status({ MessageSid: sid, MessageStatus: 'read' });
      expect(await statusOf()).toBe('read');
      await whatsapp.status({ MessageSid: sid, MessageStatus: 'delivered' });
      expect(await statusOf()).toBe('read');
    });

    it('record a failure with its code, and a failure is final', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const id = await whatsapp.insertRequest(phone);
      const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'reviewing' });
      expect(res.status).toBe(200);
      const msg = await waitFor(() => double.sentTo(phone)[0]);
      await waitFor(
        async () => (await db.query(`SELECT 1 FROM assurance_attempts WHERE provider_message_id = $1 AND status = 'sent'`, [msg.sid]))[0],
      );
      await whatsapp.status({
        MessageSid: msg.sid,
        MessageStatus: 'undelivered',
        ErrorCode: '63024',
        ErrorMessage: 'Invalid message recipient',
      });
      await whatsapp.status({ MessageSid: msg.sid, MessageStatus: 'delivered' });
      const [attempt] = await db.query('SELECT status, provider_error_code FROM assurance_attempts WHERE provider_message_id = $1', [
        msg.sid,
      ]);
      expect(attempt).toEqual({ status: 'undelivered', provider_error_code: '63024' });
    });
  });

  describe('63016: free text outside the window', () => {
    it('falls back to the template within the same attempt', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const { attemptIds } = await db.transaction((m) =>
        t.app.get(OutboxService).enqueue(scopeOf(m), {
          templateKey: 'customMessage',
          recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
          variables: { recipientName: 'سارة', subject: 'طلبكم', message: 'سنصل الساعة العاشرة' },
          body: 'سنصل الساعة العاشرة',
          reason: 'test_free_text',
        }),
      );
      double.next({ kind: 'error', httpStatus: 400, code: 63016 });
      await publishAttempts(t.app.get(OutboxService), db, attemptIds);
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
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const { attemptIds } = await db.transaction((m) =>
        t.app.get(OutboxService).enqueue(scopeOf(m), {
          templateKey: 'customMessage',
          recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
          variables: { recipientName: 'سارة', subject: 'طلبكم', message: 'وصلنا' },
          body: 'وصلنا',
          reason: 'test_free_text_callback',
        }),
      );
      await publishAttempts(t.app.get(OutboxService), db, attemptIds);
      const freeText = await waitFor(() => double.sentTo(phone)[0]);
      expect(freeText.body).toBe('وصلنا');
      await waitFor(
        async () => (await db.query(`SELECT status FROM assurance_attempts WHERE attempt_id = $1`, [attemptIds[0]]))[0].status === 'sent',
      );
      await whatsapp.status({ MessageSid: freeText.sid, MessageStatus: 'failed', ErrorCode: '63016' });
      const template = await waitFor(() => double.sentTo(phone)[1]);
      expect(template.contentSid).toBe(SIDS.customMessage);
      const attempt = await waitFor(async () => {
        const [a] = await db.query(`SELECT status, provider_message_id FROM assurance_attempts WHERE attempt_id = $1`, [attemptIds[0]]);
        return a.status === 'sent' && a.provider_message_id === template.sid ? a : null;
      });
      expect(attempt.status).toBe('sent');
    });
  });
});
