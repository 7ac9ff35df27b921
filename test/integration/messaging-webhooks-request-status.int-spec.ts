import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ActivityLogService } from '../../src/database/activity-log/activity-log.service';
import { TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { SIDS, TwilioWhatsApp } from '../support/webhooks';

// PATCH /api/requests/:id/status and the statusUpdate message it sends through Twilio.

describe('WhatsApp through Twilio: request status changes', () => {
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: TwilioDouble;
  let token: string;

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(42_000_000);
    ({ t, db, double, token } = whatsapp);
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  describe('PATCH /api/requests/:id/status', () => {
    it('changes the status, logs who/from/to, and sends statusUpdate with the Arabic label; the same status sends nothing', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const id = await whatsapp.insertRequest(phone);
      const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'confirmed' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, changed: true, notified: true, request: { id, status: 'confirmed' } });
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
      expect([again.body.changed, again.body.notified]).toEqual([false, false]);
      await new Promise((r) => setTimeout(r, 600));
      expect(double.sentTo(phone)).toHaveLength(1);
      expect(
        (await db.query(`SELECT count(*)::int AS n FROM activity_logs WHERE entity_id = $1 AND action = 'status_changed'`, [String(id)]))[0]
          .n,
      ).toBe(1);
    });

    it('puts the cancellation reason in the message', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const id = await whatsapp.insertRequest(phone);
      await t.http
        .patch(`/api/requests/${id}/status`)
        .set('authorization', `Bearer ${token}`)
        .send({ status: 'cancelled', cancellationReason: 'تأجيل المناسبة' });
      const sent = await waitFor(() => double.sentTo(phone)[0]);
      expect(sent.contentVariables!['5']).toBe('ملغي، سبب الإلغاء: تأجيل المناسبة');
    });

    it('sends nothing to a customer who did not opt in', async () => {
      const phone = whatsapp.nextPhone();
      const id = await whatsapp.insertRequest(phone, 'received', false);
      const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'reviewing' });
      expect([res.body.changed, res.body.notified]).toEqual([true, false]);
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
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const id = await whatsapp.insertRequest(phone);
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
});
