import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { DeliveryRow } from '../../src/shared/delivery';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;

/** The operator's view of WhatsApp delivery: a request's messages, the last day's failures, re-send. */
describe('delivery view and re-send', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let admin: { userId: number };
  let requestId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    const session = await signInAdmin(t.app, 'delivery-admin');
    admin = session;
    auth = { Authorization: `Bearer ${session.token}` };
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status, whatsapp_opt_in)
       VALUES ('wedding', 80, CURRENT_DATE + 5, '22:00', 'ينبع', 'custom', 'منظم الرسائل', '0554400001', '{}', 'received', true) RETURNING id`,
    );
    requestId = row.id;
    // A status change writes a statusUpdate message for the organizer (no worker here: it stays queued).
    await t.http.patch(`/api/requests/${requestId}/status`).set(auth).send({ status: 'reviewing' }).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const messages = async () => (await t.http.get(`/api/requests/${requestId}/messages`).set(auth).expect(200)).body as DeliveryRow[];

  it('needs an administrator', async () => {
    await t.http.get(`/api/requests/${requestId}/messages`).expect(401);
    await t.http.get('/api/admin/messages/failed').expect(401);
    await t.http.post('/api/admin/messages/1/resend').expect(401);
  });

  it("lists a request's messages with the template's Arabic name, recipient and status", async () => {
    const rows = await messages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      requestId,
      templateKey: 'statusUpdate',
      templateLabel: 'تحديث حالة الطلب',
      recipient: '+966554400001',
      role: 'customer',
      state: 'queued',
      stateLabel: 'في قائمة الانتظار',
      error: null,
      canResend: false,
    });
    await t.http.get('/api/requests/99999999999/messages').set(auth).expect(400);
    expect(await (await t.http.get('/api/requests/2147483647/messages').set(auth).expect(200)).body).toEqual([]);
  });

  it('shows a final failure in Arabic, counts it on the dashboard, and sends it again once', async () => {
    const [message] = await messages();
    await db.query(
      `UPDATE assurance_attempts SET status = 'failed', provider_error_code = '30003', attempts = 6, next_attempt_at = NULL WHERE attempt_id = $1`,
      [message.id],
    );
    const [failed] = await messages();
    expect(failed).toMatchObject({ state: 'failed', stateLabel: 'فشل الإرسال', error: 'هاتف المستلم غير متاح', canResend: true, tries: 6 });
    const day = (await t.http.get('/api/admin/messages/failed').set(auth).expect(200)).body;
    expect(day.total).toBeGreaterThanOrEqual(1);
    expect(day.rows.map((r: DeliveryRow) => r.id)).toContain(message.id);

    const [first, second] = await Promise.all([
      t.http.post(`/api/admin/messages/${message.id}/resend`).set(auth),
      t.http.post(`/api/admin/messages/${message.id}/resend`).set(auth),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toMatch(ARABIC);
    const [again] = await messages();
    expect(again).toMatchObject({ state: 'queued', tries: 0, error: null, canResend: false });
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM assurance_attempts a JOIN assurance_notification_groups g USING (group_id) WHERE g.form_id = $1`,
      [`request:${requestId}`],
    );
    expect(row.n).toBe(1);
    const [log] = await db.query(`SELECT user_id FROM activity_logs WHERE action = 'message_resent' AND entity_id = $1`, [
      String(message.id),
    ]);
    expect(log).toEqual({ user_id: admin.userId });
  });

  it('refuses to send again a message already sent, an expired code, or one that does not exist', async () => {
    const [message] = await messages();
    await db.query(`UPDATE assurance_attempts SET status = 'sent', sent_at = now() WHERE attempt_id = $1`, [message.id]);
    const sent = await t.http.post(`/api/admin/messages/${message.id}/resend`).set(auth).expect(409);
    expect(sent.body.message).toContain('تم الإرسال');
    await t.http.post('/api/admin/messages/2147483647/resend').set(auth).expect(404);
    await t.http.post('/api/admin/messages/abc/resend').set(auth).expect(400);
  });

  it("shows a dead worker and the queue's lag in the health check, with figures for administrators only", async () => {
    const workerId = `health-test:${process.pid}`;
    await db.query(`INSERT INTO worker_heartbeats (worker_id, started_at, beat_at) VALUES ($1, now(), now())`, [workerId]);
    try {
      const [message] = await messages();
      // A message due five minutes ago and still not sent: delivery is behind.
      await db.query(`UPDATE assurance_attempts SET status = 'queued', next_attempt_at = $2 WHERE attempt_id = $1`, [
        message.id,
        new Date(t.clock.now().getTime() - 5 * 60_000),
      ]);
      const lagging = await t.http.get('/api/health').expect(200);
      expect(lagging.body).toMatchObject({
        status: 'degraded',
        checks: { database: 'up', redis: 'up', queue: 'up', worker: 'up', delivery: 'lagging' },
      });
      // The public answer carries no figures.
      expect(Object.keys(lagging.body).sort()).toEqual(['checks', 'status', 'time']);
      await t.http.get('/api/admin/health').expect(401);
      const detailedAnswer = await t.http.get('/api/admin/health').set(auth).expect(200);
      // An administrator's answers are never cached.
      expect(detailedAnswer.headers['cache-control']).toBe('no-store');
      const detailed = detailedAnswer.body;
      expect(detailed.details.delivery.lagSeconds).toBeGreaterThanOrEqual(300);
      expect(detailed.details.delivery.workers).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: workerId, lastBeatSecondsAgo: 0 })]),
      );
      expect(detailed.details.queue).toMatchObject({ waiting: expect.any(Number), failed: expect.any(Number) });

      // Its last beat a minute ago (and no other worker alive): the worker is down.
      await db.query(`UPDATE worker_heartbeats SET beat_at = now() - interval '1 minute' WHERE beat_at > now() - interval '30 seconds'`);
      const dead = await t.http.get('/api/health').expect(200);
      expect(dead.body.checks.worker).toBe('down');
      await db.query(`UPDATE assurance_attempts SET status = 'cancelled' WHERE attempt_id = $1`, [message.id]);
    } finally {
      await db.query(`DELETE FROM worker_heartbeats WHERE worker_id = $1`, [workerId]);
    }
  });
});
