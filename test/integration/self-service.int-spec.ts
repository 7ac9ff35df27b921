import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SelfServiceCancelResult, SelfServiceView } from '../../src/shared/api/self-service';
import type { StatusHistoryEntry } from '../../src/shared/api/requests';
import { statusActorLabel } from '../../src/shared/status-actors';
import { LINK_NOT_FOUND_BODY, messagesSettled, riyadh, sha256, submitRequest } from '../support/self-service';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { SIDS, TwilioWhatsApp } from '../support/webhooks';

// The host's own page through Twilio: the link in the confirmation and every status update, the page's
// data, the same 404 for every link that does not open, and cancelling within the 4-hour rule.

const ADMINS = ['+966500004301', '+966500004302'];
const CHARITY_PHONE = '0143221100';

describe("the host's own page (Twilio)", () => {
  let phoneBefore = '';
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: TwilioDouble;

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(49_000_000, {
      ADMIN_WHATSAPP_NUMBERS: ADMINS.join(','),
      RATE_LIMIT_SELF_SERVICE_PER_MINUTE: '1000',
      RATE_LIMIT_REQUESTS_PER_MINUTE: '1000',
    });
    ({ t, db, double } = whatsapp);
    [{ value: phoneBefore }] = await db.query(`SELECT value FROM content_settings WHERE key = 'contact_phone'`);
    await db.query(`UPDATE content_settings SET value = $1 WHERE key = 'contact_phone'`, [CHARITY_PHONE]);
    // Mid-morning in Riyadh, so each case can place its event and move the clock around it.
    whatsapp.clock.set(riyadh('2026-12-10T10:00:00'));
  });
  afterAll(async () => {
    // Later files find the charity's phone as it was.
    if (db) await db.query(`UPDATE content_settings SET value = $1 WHERE key = 'contact_phone'`, [phoneBefore]);
    await whatsapp?.close();
  });

  // Each call signs in anew: the cases move the clock by days, past any session's life.
  const admin = async () => ({ authorization: `Bearer ${(await signInAdmin(t.app, 'self-service-admin')).token}` });
  /** A new host: their phone (E.164), a request from the form, and the link its confirmation carried. */
  async function newHost(options: Parameters<typeof submitRequest>[3] = {}) {
    const phone = whatsapp.nextPhone();
    const id = await submitRequest(t, db, whatsapp.local(phone), options);
    const confirmation = await waitFor(() => double.sentTo(phone).find((m) => m.contentSid === SIDS.requestConfirmation));
    return { phone, id, link: confirmation.contentVariables!['7'] };
  }
  const view = (link: string) => t.http.get(`/api/self-service/${link}`);
  const cancel = (link: string, body: object = {}) => t.http.post(`/api/self-service/${link}/cancel`).send(body);

  it('sends the link in the confirmation as the URL button suffix, and keeps only its salt and hash', async () => {
    const { phone, id, link } = await newHost();
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.query(`SELECT self_service_salt, self_service_token_hash FROM requests WHERE id = $1`, [id]);
    expect(row.self_service_token_hash).toBe(sha256(link));
    expect(row.self_service_salt).not.toBe(link);
    await messagesSettled(db, id);
    // Nowhere in the outbox, the message log or the application log in clear.
    const stored = await db.query(
      `SELECT a.content_variables::text AS vars, coalesce(a.secret_variables, '') AS secrets, coalesce(a.body, '') AS body
         FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id WHERE g.form_id = $1`,
      [`request:${id}`],
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const r of stored) expect(`${r.vars} ${r.secrets} ${r.body}`).not.toContain(link);
    const logs = await db.query(`SELECT message_content FROM notification_logs WHERE request_id = $1`, [id]);
    expect(logs.map((l: { message_content: string }) => l.message_content).join('\n')).not.toContain(link);
    expect(logs.find((l: { message_content: string }) => l.message_content.includes('https://charity.example/r/••••••'))).toBeDefined();
    expect(t.logLines.join('')).not.toContain(link);

    const res = await view(link);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.body as SelfServiceView;
    expect(page).toMatchObject({
      requestNumber: id,
      status: 'received',
      statusLabel: 'تم الاستلام',
      event: { typeLabel: 'حفل زواج', date: '2026-12-12', endTime: '23:30', attendeeCount: 120 },
      collectionDeadline: riyadh('2026-12-13T01:30:00').toISOString(),
      cancel: { allowed: true, until: riyadh('2026-12-12T19:30:00').toISOString() },
      charityPhone: CHARITY_PHONE,
    });
    expect(page.event.foodTypeLabels.length).toBe(2);
    expect(page.history).toEqual([expect.objectContaining({ status: 'received', actorType: 'host' })]);
    // Nothing personal beyond the event: no name, no phone.
    const text = JSON.stringify(page);
    expect(text).not.toContain('محمد أحمد');
    expect(text).not.toContain(whatsapp.local(phone).slice(1));
  });

  it('carries the same link in every status update', async () => {
    const { phone, id, link } = await newHost();
    for (const status of ['reviewing', 'confirmed']) {
      await t.http
        .patch(`/api/requests/${id}/status`)
        .set(await admin())
        .send({ status })
        .expect(200);
    }
    const updates = await waitFor(() => {
      const sent = double.sentTo(phone).filter((m) => m.contentSid === SIDS.statusUpdate);
      return sent.length === 2 && sent;
    });
    expect(updates.map((m) => m.contentVariables!['6'])).toEqual([link, link]);
    const page = (await view(link).expect(200)).body as SelfServiceView;
    expect(page.history.map((h) => [h.status, h.actorType, h.actorLabel])).toEqual([
      ['received', 'host', 'صاحب الطلب'],
      ['reviewing', 'admin', 'فريق الجمعية'],
      ['confirmed', 'admin', 'فريق الجمعية'],
    ]);
    expect(JSON.stringify(page)).not.toContain('test-admin');
  });

  it('answers unknown, malformed, altered, hashed and expired links with the same 404 as an unknown impact report', async () => {
    const { id, link } = await newHost();
    const impact = await t.http.get(`/api/impact/${randomBytes(24).toString('base64url')}`);
    expect(impact.status).toBe(404);
    const altered = (link[0] === 'A' ? 'B' : 'A') + link.slice(1);
    const candidates = [randomBytes(32).toString('base64url'), 'abc', altered, sha256(link), link + 'x', String(id), '%00'];
    for (const candidate of candidates) {
      const res = await view(encodeURIComponent(candidate));
      expect([candidate, res.status, res.body]).toEqual([candidate, 404, LINK_NOT_FOUND_BODY]);
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(impact.body).sort());
      expect((await cancel(encodeURIComponent(candidate))).body).toEqual(LINK_NOT_FOUND_BODY);
    }
    // Open until 30 days after the event's end (12 December 23:30), then exactly like an unknown link.
    whatsapp.clock.set(riyadh('2027-01-11T23:29:00'));
    expect((await view(link)).status).toBe(200);
    whatsapp.clock.set(riyadh('2027-01-11T23:30:00'));
    const expired = await view(link);
    expect([expired.status, expired.body]).toEqual([404, LINK_NOT_FOUND_BODY]);
    expect((await cancel(link)).body).toEqual(LINK_NOT_FOUND_BODY);
    whatsapp.clock.set(riyadh('2026-12-10T10:00:00'));
  });

  it("cancels: the host's reason, a host history row and activity row, every administrator told and the host's status update; a second cancel sends nothing", async () => {
    const { phone, id, link } = await newHost();
    await messagesSettled(db, id);
    // This request's messages: to the administrators (newRequest, hostCancelled name it first) and to its host.
    const related = () =>
      ADMINS.flatMap((n) => double.sentTo(n).filter((m) => m.contentVariables?.['1'] === String(id))).length + double.sentTo(phone).length;
    expect(related()).toBe(ADMINS.length + 1);
    const res = await cancel(link, { reason: 'تأجلت المناسبة' });
    expect(res.status).toBe(200);
    const result = res.body as SelfServiceCancelResult;
    expect(result).toMatchObject({ changed: true, request: { status: 'cancelled', statusLabel: 'ملغي', cancel: { allowed: false } } });
    expect(result.request.history.at(-1)).toMatchObject({
      status: 'cancelled',
      actorType: 'host',
      reason: 'ألغاه صاحب الطلب: تأجلت المناسبة',
      // The clock's instant, in Riyadh time.
      at: riyadh('2026-12-10T10:00:00').toISOString(),
      riyadh: { date: '2026-12-10', time: '10:00' },
    });

    const [row] = await db.query(`SELECT status, cancellation_reason FROM requests WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'cancelled', cancellation_reason: 'ألغاه صاحب الطلب: تأجلت المناسبة' });
    const [activity] = await db.query(
      `SELECT user_id, metadata FROM activity_logs WHERE entity_id = $1 AND action = 'host_status_changed'`,
      [String(id)],
    );
    expect(activity).toMatchObject({ user_id: null, metadata: { from: 'received', to: 'cancelled', actor: 'host' } });
    // The desk's history names the host.
    const history = (
      await t.http
        .get(`/api/requests/${id}/history`)
        .set(await admin())
        .expect(200)
    ).body as StatusHistoryEntry[];
    expect(history.map((h) => [h.toStatus, h.actorType, statusActorLabel(h)])).toEqual([['cancelled', 'host', 'صاحب الطلب']]);

    await messagesSettled(db, id);
    for (const number of ADMINS) {
      const notices = double.sentTo(number).filter((m) => m.contentSid === SIDS.hostCancelled && m.contentVariables!['1'] === String(id));
      expect(notices).toHaveLength(1);
      expect(notices[0].contentVariables).toMatchObject({ '3': 'حفل زواج', '7': 'تأجلت المناسبة' });
    }
    const update = double.sentTo(phone).filter((m) => m.contentSid === SIDS.statusUpdate);
    expect(update).toHaveLength(1);
    expect(update[0].contentVariables).toMatchObject({ '5': 'ملغي، سبب الإلغاء: ألغاه صاحب الطلب: تأجلت المناسبة', '6': link });
    expect(related()).toBe(2 * (ADMINS.length + 1));

    const again = await cancel(link, { reason: 'مرة ثانية' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, message: 'الطلب ملغي مسبقاً', request: { status: 'cancelled' } });
    await new Promise((r) => setTimeout(r, 800));
    await messagesSettled(db, id);
    expect(related()).toBe(2 * (ADMINS.length + 1));
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM request_status_history WHERE request_id = $1`, [id]);
    expect(n).toBe(1);
    // The request log names the calls without the link's token.
    const log = t.logLines.join('');
    expect(log).toContain('/api/self-service/[redacted]/cancel');
    expect(log).not.toContain(link);
  });

  it('makes two cancels at once one cancellation with one notice per recipient', async () => {
    const { phone, id, link } = await newHost();
    await messagesSettled(db, id);
    const [first, second] = await Promise.all([cancel(link, { reason: 'أ' }), cancel(link, { reason: 'ب' })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.changed, second.body.changed].sort()).toEqual([false, true]);
    await messagesSettled(db, id);
    await new Promise((r) => setTimeout(r, 500));
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM request_status_history WHERE request_id = $1`, [id]);
    expect(n).toBe(1);
    for (const number of ADMINS) {
      expect(
        double.sentTo(number).filter((m) => m.contentSid === SIDS.hostCancelled && m.contentVariables!['1'] === String(id)),
      ).toHaveLength(1);
    }
    expect(double.sentTo(phone).filter((m) => m.contentSid === SIDS.statusUpdate)).toHaveLength(1);
  });

  it('allows cancelling until more than 4 hours remain before an end past midnight (Riyadh), then answers 409 with the phone', async () => {
    // An event on the night of 11 December ending at 01:30 is entered on the 12th: the rule closes at 21:30 on the 11th.
    const { phone, id, link } = await newHost({ daysAhead: 2, endTime: '01:30' });
    await messagesSettled(db, id);
    whatsapp.clock.set(riyadh('2026-12-11T21:29:59'));
    expect(((await view(link).expect(200)).body as SelfServiceView).cancel).toEqual({
      allowed: true,
      until: riyadh('2026-12-11T21:30:00').toISOString(),
    });
    whatsapp.clock.set(riyadh('2026-12-11T21:30:00'));
    expect(((await view(link).expect(200)).body as SelfServiceView).cancel.allowed).toBe(false);
    const late = await cancel(link, { reason: 'متأخر' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ statusCode: 409, code: 'HOST_CANCEL_CLOSED', details: { charityPhone: CHARITY_PHONE } });
    expect(late.body.message).toContain(CHARITY_PHONE);
    expect((await db.query(`SELECT status FROM requests WHERE id = $1`, [id]))[0].status).toBe('received');

    whatsapp.clock.set(riyadh('2026-12-11T21:29:59'));
    expect((await cancel(link)).body).toMatchObject({ changed: true, request: { status: 'cancelled' } });
    expect((await db.query(`SELECT cancellation_reason FROM requests WHERE id = $1`, [id]))[0].cancellation_reason).toBe(
      'ألغاه صاحب الطلب',
    );
    await messagesSettled(db, id);
    expect(double.sentTo(phone).filter((m) => m.contentSid === SIDS.statusUpdate)).toHaveLength(1);
    whatsapp.clock.set(riyadh('2026-12-10T10:00:00'));
  });

  it('refuses to cancel a completed request (409), and refuses bad reasons in Arabic without a 500', async () => {
    const { id, link } = await newHost();
    const long = await cancel(link, { reason: 'س'.repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.errors.reason).toContain('300');
    expect((await cancel(link, { reason: 12 })).status).toBe(400);
    expect((await cancel(link, { reason: 'x', other: 1 })).status).toBe(400);
    await t.http
      .patch(`/api/requests/${id}/status`)
      .set(await admin())
      .send({ status: 'completed' })
      .expect(200);
    const done = await cancel(link);
    expect([done.status, done.body.code]).toEqual([409, 'HOST_CANCEL_CLOSED']);
    expect((await db.query(`SELECT status FROM requests WHERE id = $1`, [id]))[0].status).toBe('completed');
  });

  it('gives a request made before links its link at its next status update', async () => {
    const phone = whatsapp.nextPhone();
    await whatsapp.optIn(phone);
    const id = await whatsapp.insertRequest(phone);
    await t.http
      .patch(`/api/requests/${id}/status`)
      .set(await admin())
      .send({ status: 'confirmed' })
      .expect(200);
    const update = await waitFor(() => double.sentTo(phone).find((m) => m.contentSid === SIDS.statusUpdate));
    const link = update.contentVariables!['6'];
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(((await view(link).expect(200)).body as SelfServiceView).requestNumber).toBe(id);
  });

  it('offers the thank-you certificate from the link once the request is completed, the same one every time', async () => {
    const { id, link } = await newHost();
    const early = await t.http.get(`/api/self-service/${link}/certificate`).expect(409);
    expect(early.body.code).toBe('CERTIFICATE_NOT_READY');
    await t.http
      .patch(`/api/requests/${id}/status`)
      .set(await admin())
      .send({ status: 'completed', weighedKg: 42.5 })
      .expect(200);
    const first = await t.http
      .get(`/api/self-service/${link}/certificate`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect((first.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const rows = await db.query(`SELECT code, (figures->>'foodKg')::float AS kg FROM certificates WHERE request_id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].kg).toBe(42.5);
    await t.http.get(`/api/self-service/${link}/certificate`).expect(200);
    expect(await db.query(`SELECT code FROM certificates WHERE request_id = $1`, [id])).toEqual([{ code: rows[0].code }]);
    // An unknown link is the same 404 as everywhere on the host's page.
    const unknown = await t.http.get(`/api/self-service/${randomBytes(32).toString('base64url')}/certificate`).expect(404);
    expect(unknown.body).toEqual(LINK_NOT_FOUND_BODY);
  });
});

describe("the host's page is limited per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Its own Redis prefix: the limit's counter is not shared with the other files' calls.
    t = await createTestApp({
      env: { RATE_LIMIT_SELF_SERVICE_PER_MINUTE: '3', REDIS_PREFIX: `${testState().redisPrefix}:self-service-limit` },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After once the minute is used, reads and cancels alike', async () => {
    const link = () => randomBytes(32).toString('base64url');
    await t.http.get(`/api/self-service/${link()}`).expect(404);
    await t.http.post(`/api/self-service/${link()}/cancel`).send({}).expect(404);
    await t.http.get(`/api/self-service/${link()}`).expect(404);
    const limited = await t.http.get(`/api/self-service/${link()}`);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
