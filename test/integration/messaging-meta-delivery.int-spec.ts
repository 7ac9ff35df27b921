import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { UnitOfWork } from '../../src/database/unit-of-work';
import type { TemplateInfo } from '../../src/shared/templates';
import { MetaDouble } from '../support/meta-double';
import { MetaWhatsApp } from '../support/meta-webhooks';
import { publishAttempts } from '../support/outbox';
import { requestPayload, someDistrict } from '../support/request-payload';
import { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { createUser, setVerification } from './security-support';
import { scopeOf } from '../../src/database/db-scope';

// Sending through Meta's Cloud API from the product's own flows: a request's confirmation, free text
// inside the window and its fallback to the template, a login code, configured template names, the
// templates card, and the circuit that pauses sending when Meta keeps failing.

const ADMIN = '+966599460001';

describe('WhatsApp through Meta: delivery', () => {
  let whatsapp: MetaWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: MetaDouble;
  let clock: FakeClock;

  beforeAll(async () => {
    whatsapp = await MetaWhatsApp.start(46_000_000, {
      ADMIN_WHATSAPP_NUMBERS: ADMIN,
      WHATSAPP_TEMPLATE_NAME_STATUS_UPDATE: 'request_status_update_v2',
      WHATSAPP_RATE_PER_SECOND: '0',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    });
    ({ t, db, double, clock } = whatsapp);
  });
  afterAll(async () => {
    try {
      await setVerification(t, true);
      await db?.query(`DELETE FROM assurance_notification_groups WHERE reason = 'meta_outage_test'`);
    } finally {
      await whatsapp?.close();
    }
  });

  const auth = () => ({ authorization: `Bearer ${whatsapp.token}` });
  const attemptOf = async (attemptId: number) =>
    (await db.query('SELECT status, body, attempts, provider_message_id FROM assurance_attempts WHERE attempt_id = $1', [attemptId]))[0];

  /** A reply inside the customer's window: customMessage with its free text. */
  async function reply(phone: string, text: string): Promise<number> {
    const { attemptIds } = await db.transaction((m) =>
      t.app.get(OutboxService).enqueue(scopeOf(m), {
        templateKey: 'customMessage',
        recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
        variables: { recipientName: 'سارة', subject: 'طلبكم', message: text },
        body: text,
        reason: 'meta_delivery_test',
      }),
    );
    await publishAttempts(t.app.get(OutboxService), db, attemptIds);
    return attemptIds[0];
  }

  it("sends a request's confirmation as the approved template with the request's values, in order", async () => {
    const phone = whatsapp.nextPhone();
    const created = await t.http.post('/api/requests').send(requestPayload('0' + phone.slice(4), await someDistrict(db)));
    expect(created.status).toBe(201);
    const sent = await waitFor(() => double.sentTo(phone).find((m) => m.template?.name === 'request_confirmation'));
    const [attempt] = await db.query(
      `SELECT a.content_variables FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE r.whatsapp = $1 AND a.template_key = 'requestConfirmation'`,
      [phone],
    );
    const values = [1, 2, 3, 4, 5, 6].map((n) => attempt.content_variables[String(n)] as string);
    expect(values.slice(0, 2)).toEqual(['محمد أحمد', String(created.body.id)]);
    expect(sent.template).toEqual({
      name: 'request_confirmation',
      language: 'ar',
      components: [
        { type: 'body', parameters: values.map((text) => ({ type: 'text', text })) },
        // The host's link token (a secret variable: not among the stored content variables).
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }] },
      ],
    });
    expect(attempt.content_variables['7']).toBeUndefined();
    await waitFor(async () => {
      const [row] = await db.query(`SELECT 1 FROM assurance_attempts WHERE provider_message_id = $1 AND status = 'sent'`, [sent.id]);
      return row;
    });
    // The administrators' notice of the new request goes to the configured number, as its own template.
    await waitFor(() => double.sentTo(ADMIN).find((m) => m.template?.name === 'new_collection_request'));
  });

  it('sends a reply inside the window as free text', async () => {
    const phone = whatsapp.nextPhone();
    await whatsapp.optIn(phone);
    await whatsapp.inbound(phone, 'متى تصلون؟'); // opens the customer's 24-hour window
    const attemptId = await reply(phone, 'نصل إليكم الساعة العاشرة.\nفريق الجمعية');
    const sent = await waitFor(() => double.sentTo(phone).find((m) => m.type === 'text'));
    expect(sent.text).toBe('نصل إليكم الساعة العاشرة.\nفريق الجمعية');
    expect(sent.template).toBeNull();
    expect((await whatsapp.sentAttempt(attemptId)).provider_message_id).toBe(sent.id);
  });

  it('falls back to the template when Meta refuses free text outside the window (131047), at once or in a status', async () => {
    const phone = whatsapp.nextPhone();
    await whatsapp.optIn(phone);
    double.next({ kind: 'error', httpStatus: 400, code: 131047 });
    const first = await reply(phone, 'سنصل الساعة العاشرة');
    const template = await waitFor(() => double.sentTo(phone).find((m) => m.type === 'template'));
    expect(template.template).toMatchObject({ name: 'custom_message', language: 'ar' });
    expect(template.template!.components[0].parameters!.map((p) => p.text)).toEqual(['سارة', 'طلبكم', 'سنصل الساعة العاشرة']);
    expect((await whatsapp.sentAttempt(first)).provider_message_id).toBe(template.id);

    // Accepted as text, then failed in a status notification with 131047: the same attempt goes as the template.
    const other = whatsapp.nextPhone();
    await whatsapp.optIn(other);
    const second = await reply(other, 'رسالة ثانية');
    const text = await waitFor(() => double.sentTo(other).find((m) => m.type === 'text'));
    await whatsapp.sentAttempt(second);
    await whatsapp.status({ id: text.id, status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] });
    const again = await waitFor(() => double.sentTo(other).find((m) => m.type === 'template'));
    expect(again.template!.name).toBe('custom_message');
    await waitFor(async () => (await attemptOf(second)).provider_message_id === again.id);
    expect((await attemptOf(second)).body).toBeNull();
  });

  it('sends a login code as the authentication template (code and copy-code button), and the code signs in', async () => {
    await createUser(t, 'meta-login', 'a-long-password-1');
    await setVerification(t, true);
    const before = double.sentTo(ADMIN).length;
    const login = await t.http.post('/api/auth/login').send({ username: 'meta-login', password: 'a-long-password-1' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ requiresVerification: true });
    const sent = await waitFor(() =>
      double
        .sentTo(ADMIN)
        .slice(before)
        .find((m) => m.template?.name === 'admin_verification_code'),
    );
    const [body, button] = sent.template!.components;
    const code = body.parameters![0].text!;
    expect(code).toMatch(/^\d{6}$/);
    expect(button).toEqual({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] });
    const verified = await t.http.post('/api/auth/verify-login').send({ username: 'meta-login', verificationCode: code });
    expect(verified.status).toBe(200);
    expect(verified.body.token).toEqual(expect.any(String));
    // The code never reaches the application log.
    expect(t.logLines.join('').includes(code)).toBe(false);
  });

  it('sends by the configured template name (WHATSAPP_TEMPLATE_NAME_<KEY>), which the templates card shows with its language', async () => {
    double.approve('request_status_update_v2', { language: 'ar', body: 5, urlButton: true });
    const phone = whatsapp.nextPhone();
    await whatsapp.optIn(phone);
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status, whatsapp_opt_in)
       VALUES ('wedding', 80, '2026-12-20', '22:00', 'مبنى 9، حي الصناعية، ينبع', 'custom', 'سارة', $1, 'received', true) RETURNING id`,
      ['0' + phone.slice(4)],
    );
    const change = await t.http.patch(`/api/requests/${row.id}/status`).set(auth()).send({ status: 'confirmed' });
    expect(change.status).toBe(200);
    const attempt = await waitFor(async () => {
      const [row] = await db.query(
        `SELECT a.status, a.provider_error_code, a.provider_error_message FROM assurance_attempts a
           JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
          WHERE r.whatsapp = $1 AND a.template_key = 'statusUpdate' AND a.status NOT IN ('queued', 'sending')`,
        [phone],
      );
      return row;
    });
    expect(attempt).toMatchObject({ status: 'sent' });
    const sent = double.sentTo(phone)[0];
    expect(sent.template).toMatchObject({ name: 'request_status_update_v2', language: 'ar' });
    expect(sent.template!.components[0].parameters).toHaveLength(5);

    // A Content SID stored while the charity was on Twilio is not Meta's: the card shows the name instead.
    const [{ content_sid: sidBefore }] = await db.query(`SELECT content_sid FROM assurance_templates WHERE key = 'statusUpdate'`);
    await db.query(`UPDATE assurance_templates SET content_sid = $1 WHERE key = 'statusUpdate'`, ['HX' + '7'.repeat(32)]);
    const info = (await t.http.get('/api/admin/template-info').set(auth()).expect(200)).body as TemplateInfo;
    await db.query(`UPDATE assurance_templates SET content_sid = $1 WHERE key = 'statusUpdate'`, [sidBefore]);
    expect(info.provider).toBe('meta');
    expect(info.templates.statusUpdate).toMatchObject({ name: 'request_status_update_v2', language: 'ar', contentSid: null });
    expect(info.templates.requestConfirmation.name).toBe('request_confirmation');
  });

  it('sends a claim taken back from a dead worker again, saying that Meta has no list to check it against', async () => {
    const phone = whatsapp.nextPhone();
    const [{ max }] = await db.query(`SELECT coalesce(max(event_id), 0)::int AS max FROM assurance_events`);
    // Written as a worker that died mid-send leaves it (claimed, lease run out), in one transaction so no sweeper sees it queued.
    const { attemptIds } = await db.transaction(async (m) => {
      const written = await t.app.get(OutboxService).enqueue(scopeOf(m), {
        templateKey: 'securityAlert',
        recipients: [{ whatsapp: phone, role: 'admin' }],
        variables: { alertTitle: 'اختبار', username: 'admin', details: 'عامل توقف', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'meta_delivery_test',
      });
      await m.query(
        `UPDATE assurance_attempts SET status = 'sending', attempts = 1, claims = claims + 1, claimed_by = 'dead-worker', next_attempt_at = $2
          WHERE attempt_id = $1`,
        [written.attemptIds[0], new Date(clock.now().getTime() - 1000)],
      );
      return written;
    });
    const sent = await waitFor(() => double.sentTo(phone)[0], 20_000, 'the taken-back claim to be sent');
    expect((await whatsapp.sentAttempt(attemptIds[0])).provider_message_id).toBe(sent.id);
    const [event] = await db.query(`SELECT payload FROM assurance_events WHERE type = 'claims_resent_unverified' AND event_id > $1`, [max]);
    expect(event.payload).toMatchObject({ provider: 'meta' });
    expect(t.logLines.join('')).toContain('keeps no list of sent messages');
  });

  it('pauses sending after repeated 5xx (the circuit), costs one probe per pause, and sends every message once when Meta is back', async () => {
    const to = Array.from({ length: 8 }, () => whatsapp.nextPhone());
    double.defaultBehaviour = { kind: 'error', httpStatus: 500, code: 131000 };
    const callsBefore = double.sendCalls();
    await t.app.get(UnitOfWork).run((tx) =>
      tx.send({
        templateKey: 'securityAlert',
        recipients: to.map((whatsapp) => ({ whatsapp, role: 'admin' as const })),
        variables: { alertTitle: 'اختبار', username: 'admin', details: 'انقطاع Meta', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'meta_outage_test',
      }),
    );
    await waitFor(async () => (await db.query(`SELECT state FROM delivery_circuit`))[0].state === 'open', 20_000, 'the circuit to open');
    await new Promise((r) => setTimeout(r, 1000));
    const atPause = double.sendCalls() - callsBefore;
    // The threshold (5), plus at most the sends already in flight when it opened (worker concurrency 5).
    expect(atPause).toBeGreaterThanOrEqual(5);
    expect(atPause).toBeLessThanOrEqual(10);
    const states = await db.query(
      `SELECT a.status FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id WHERE r.whatsapp = ANY($1)`,
      [to],
    );
    expect(states.filter((s: { status: string }) => s.status === 'failed')).toEqual([]);

    // Still failing after the pause: one message probes, and the pause doubles.
    clock.advance(31_000);
    await waitFor(() => double.sendCalls() - callsBefore > atPause, 20_000, 'the probe');
    await new Promise((r) => setTimeout(r, 1000));
    expect(double.sendCalls() - callsBefore).toBe(atPause + 1);

    // Meta is back; the next probe goes through, the circuit closes and the rest follow, each once.
    double.defaultBehaviour = { kind: 'accept' };
    clock.advance(61_000);
    await waitFor(() => to.every((phone) => double.sentTo(phone).length >= 1), 30_000, 'every alert sent');
    await new Promise((r) => setTimeout(r, 700));
    for (const phone of to) expect(double.sentTo(phone)).toHaveLength(1);
    expect((await db.query(`SELECT state FROM delivery_circuit`))[0].state).toBe('closed');
  }, 90_000);
});
