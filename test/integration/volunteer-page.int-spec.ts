import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { VolunteerLinks } from '../../src/modules/volunteers/page/volunteer-links';
import type { VolunteerPage, VolunteerPickup } from '../../src/shared/api/volunteers';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

// The volunteer's own page's calls (decisions.md, wave 4) on the real PostgreSQL: the link is the key,
// only the assigned volunteer acts, each action changes the request once with its messages in the same
// transaction, and twenty presses at once make one change.
describe('the volunteer’s page: /api/volunteer/{token}', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let links: VolunteerLinks;
  const today = riyadhDateString(new Date());
  let phoneSeq = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REDIS_PREFIX: `${testState().redisPrefix}:volunteer-page`,
        RATE_LIMIT_VOLUNTEER_PAGE_PER_MINUTE: '1000',
        RATE_LIMIT_VOLUNTEER_LINK_PER_MINUTE: '1000',
      },
    });
    db = t.app.get(DataSource);
    links = t.app.get(VolunteerLinks);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'volunteer-page-admin')).token}` };
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A volunteer added by the desk, and their page's token (derived from the salt stored with them). */
  async function volunteer(name: string): Promise<{ id: number; token: string }> {
    const whatsapp = `+96655${String(4_700_000 + ++phoneSeq).padStart(7, '0')}`;
    const res = await t.http.post('/api/admin/volunteers').set(auth).send({ name, whatsapp, consent: true }).expect(201);
    const [row] = await db.query(`SELECT link_salt FROM volunteers WHERE id = $1`, [res.body.id]);
    return { id: res.body.id, token: links.tokenOf(row.link_salt) };
  }

  /** A request assigned to `volunteerId`, its host opted in to WhatsApp. */
  async function pickup(volunteerId: number | null, over: { status?: string; date?: string; end?: string } = {}): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone,
                             status, whatsapp_opt_in, volunteer_id, additional_notes)
       VALUES ('wedding', 150, $1, $2, 'مبنى 9، حي الشرم، ينبع', 'custom', 'محمد بن سعد العتيبي', $3, $4, true, $5, 'البوابة الخلفية') RETURNING id`,
      [over.date ?? today, over.end ?? '23:00', `05597${String(++phoneSeq).padStart(5, '0')}`, over.status ?? 'confirmed', volunteerId],
    );
    return row.id;
  }

  const messages = (requestId: number) =>
    db.query(`SELECT type, reason FROM assurance_notification_groups WHERE form_id = $1 ORDER BY group_id`, [
      `request:${requestId}`,
    ]) as Promise<{ type: string; reason: string }[]>;
  const act = (token: string, id: number, action: string, body: object = {}) =>
    t.http.post(`/api/volunteer/${token}/pickups/${id}/${action}`).send(body);

  it('opens with the link only: their pickups from yesterday on by deadline, the host’s first name, never another’s', async () => {
    const me = await volunteer('خالد بن فهد الحربي');
    const other = await volunteer('سعد');
    const late = await pickup(me.id, { end: '23:30' });
    const early = await pickup(me.id, { end: '21:00' });
    await pickup(me.id, { date: addDaysToDateString(today, -3) });
    await pickup(other.id);

    const res = await t.http.get(`/api/volunteer/${me.token}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page: VolunteerPage = res.body;
    expect(page.firstName).toBe('خالد');
    expect(page.pickups.map((p) => p.requestId)).toEqual([early, late]);
    expect(page.pickups[0]).toMatchObject({
      step: 'set_out',
      status: 'confirmed',
      hostFirstName: 'محمد',
      hostNotes: 'البوابة الخلفية',
      attendeeCount: 150,
      eventTypeLabel: 'حفل زواج',
    });
    expect(page.pickups[0].mapsUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);

    // Unknown, malformed, or a deactivated volunteer's: the same 404.
    for (const token of ['x'.repeat(43), 'not-a-token', '\u0000', 'a'.repeat(90)])
      expect((await t.http.get(`/api/volunteer/${encodeURIComponent(token)}`)).status).toBe(404);
    await t.http.put(`/api/admin/volunteers/${other.id}`).set(auth).send({ active: false }).expect(200);
    const gone = await t.http.get(`/api/volunteer/${other.token}`).expect(404);
    expect(gone.body.code).toBe('LINK_NOT_FOUND');
  });

  it('on the way tells the host once (first name, no phone); collected completes it with the weighed kilograms and the checks', async () => {
    const me = await volunteer('ناصر القحطاني');
    const id = await pickup(me.id);
    const first = await act(me.token, id, 'on-the-way').expect(200);
    expect((first.body as VolunteerPickup).step).toBe('collect');
    await act(me.token, id, 'on-the-way').expect(200);
    expect(await messages(id)).toEqual([{ type: 'volunteerOnTheWay', reason: 'volunteer_on_the_way' }]);
    const [group] = await db.query(`SELECT variables_json FROM assurance_notification_groups WHERE form_id = $1`, [`request:${id}`]);
    // Stored by placeholder: {{1}} the host's name, {{2}} the volunteer's first name, {{3}} the request number.
    expect(group.variables_json).toMatchObject({ 1: 'محمد بن سعد العتيبي', 2: 'ناصر', 3: String(id) });
    expect(JSON.stringify(group.variables_json)).not.toContain('+9665');

    const bad = await act(me.token, id, 'collected', { weighedKg: -3, checks: { packed: true } }).expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['checks', 'weighedKg']);
    const checks = { packed: true, temperature: true, beforeDeadline: false };
    const done = await act(me.token, id, 'collected', { weighedKg: 42.5, checks }).expect(200);
    expect(done.body).toMatchObject({ step: 'done', status: 'completed', weighedKg: 42.5 });
    await act(me.token, id, 'collected', { weighedKg: 42.5, checks }).expect(200);
    const [request] = await db.query(`SELECT status, weighed_kg::float8 AS kg, completed_at FROM requests WHERE id = $1`, [id]);
    expect(request).toMatchObject({ status: 'completed', kg: 42.5 });
    const [progress] = await db.query(`SELECT checks, weighed_kg::float8 AS kg FROM volunteer_pickups WHERE request_id = $1`, [id]);
    expect(progress).toEqual({ checks, kg: 42.5 });
    const [history] = await db.query(`SELECT actor_type, actor_username, to_status FROM request_status_history WHERE request_id = $1`, [
      id,
    ]);
    expect(history).toEqual({ actor_type: 'volunteer', actor_username: 'ناصر القحطاني', to_status: 'completed' });
    expect((await messages(id)).map((m) => m.type)).toEqual(['volunteerOnTheWay', 'statusUpdate']);
    // The month's figures on the volunteers list count it.
    const shown = await t.http.get(`/api/admin/volunteers/${me.id}`).set(auth).expect(200);
    expect(shown.body.month).toEqual({ pickups: 1, kg: 42.5 });
    // A closed request takes no other action.
    await act(me.token, id, 'not-collected', { reason: 'no_surplus' }).expect(409);
  });

  it('not collected cancels it with the reason, tells the administrators, and refuses an unknown reason naming the field', async () => {
    const me = await volunteer('فهد');
    const id = await pickup(me.id);
    const bad = await act(me.token, id, 'not-collected', { reason: 'tired' }).expect(400);
    expect(bad.body.errors).toEqual({ reason: 'اختر سبب عدم الاستلام من القائمة' });
    await act(me.token, id, 'not-collected', { reason: 'no_surplus', note: 'انتهى الطعام\u0000 قبل الوصول', extra: 1 }).expect(400);
    const res = await act(me.token, id, 'not-collected', { reason: 'no_surplus', note: 'انتهى الطعام قبل الوصول' }).expect(200);
    expect(res.body).toMatchObject({ step: 'done', status: 'cancelled', notCollectedReason: 'no_surplus' });
    const [request] = await db.query(`SELECT status, cancellation_reason FROM requests WHERE id = $1`, [id]);
    expect(request).toEqual({ status: 'cancelled', cancellation_reason: 'لم يتم الاستلام: لا يوجد طعام فائض (انتهى الطعام قبل الوصول)' });
    expect((await messages(id)).map((m) => m.type).sort()).toEqual(['statusUpdate', 'volunteerUpdate']);
    await act(me.token, id, 'not-collected', { reason: 'no_surplus' }).expect(200);
    expect(await messages(id)).toHaveLength(2);
  });

  it('lets only the assigned volunteer act (403, nothing changed), and answers 404 for a dead link before anything else', async () => {
    const me = await volunteer('ماجد');
    const intruder = await volunteer('غريب');
    const id = await pickup(me.id);
    const refused = await act(intruder.token, id, 'on-the-way').expect(403);
    expect(refused.body.code).toBe('NOT_YOUR_PICKUP');
    await act(intruder.token, 2_000_000_000, 'on-the-way').expect(403);
    await act(me.token, id, 'on-the-way' + '/../collected').expect(404);
    await act('b'.repeat(43), id, 'on-the-way').expect(404);
    await t.http.post(`/api/volunteer/${me.token}/pickups/abc/on-the-way`).expect(400);
    expect(await db.query(`SELECT 1 FROM volunteer_pickups WHERE request_id = $1 AND on_the_way_at IS NOT NULL`, [id])).toEqual([]);
    expect(await messages(id)).toEqual([]);
  });

  it('«رابط جديد» kills the old link at once and sends the new one on WhatsApp, its token never stored in clear', async () => {
    const me = await volunteer('سلطان الجهني');
    await t.http.get(`/api/volunteer/${me.token}`).expect(200);
    const res = await t.http.post(`/api/admin/volunteers/${me.id}/new-link`).set(auth).expect(200);
    const fresh = (res.body.url as string).split('/t/')[1];
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await t.http.get(`/api/volunteer/${me.token}`).expect(404);
    expect((await t.http.get(`/api/volunteer/${fresh}`).expect(200)).body.firstName).toBe('سلطان');
    const [group] = await db.query(
      `SELECT g.type, a.content_variables::text AS vars, coalesce(a.secret_variables, '') AS secrets
         FROM assurance_notification_groups g JOIN assurance_attempts a ON a.group_id = g.group_id WHERE g.form_id = $1`,
      [`volunteer:${me.id}`],
    );
    expect(group.type).toBe('volunteerLink');
    expect(`${group.vars} ${group.secrets}`).not.toContain(fresh);
    await t.http.post(`/api/admin/volunteers/${me.id}/new-link`).expect(401);
    await t.http.put(`/api/admin/volunteers/${me.id}`).set(auth).send({ active: false }).expect(200);
    expect((await t.http.post(`/api/admin/volunteers/${me.id}/new-link`).set(auth).expect(409)).body.code).toBe('VOLUNTEER_INACTIVE');
    await t.http.get(`/api/volunteer/${fresh}`).expect(404);
  });

  it('assigning from the desk tells the volunteer (with their page’s button) and the one it was taken from, once each', async () => {
    const first = await volunteer('بدر');
    const second = await volunteer('راشد');
    const id = await pickup(null);
    await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: first.id }).expect(200);
    await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: first.id }).expect(200);
    await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: second.id }).expect(200);
    expect((await messages(id)).map((m) => [m.type, m.reason])).toEqual([
      ['volunteerAssignment', 'volunteer_assigned'],
      ['volunteerUnassigned', 'volunteer_unassigned'],
      ['volunteerAssignment', 'volunteer_assigned'],
    ]);
    const recipients = await db.query(
      `SELECT r.whatsapp FROM assurance_recipients r JOIN assurance_notification_groups g ON g.group_id = r.group_id
        WHERE g.form_id = $1 ORDER BY g.group_id`,
      [`request:${id}`],
    );
    const [one, two] = await db.query(`SELECT whatsapp FROM volunteers WHERE id = ANY($1::int[]) ORDER BY id`, [[first.id, second.id]]);
    expect(recipients.map((r: { whatsapp: string }) => r.whatsapp)).toEqual([one.whatsapp, one.whatsapp, two.whatsapp]);
    // The pickup is on the new volunteer's page, and off the previous one's.
    expect((await t.http.get(`/api/volunteer/${second.token}`).expect(200)).body.pickups.map((p: VolunteerPickup) => p.requestId)).toEqual([
      id,
    ]);
    expect((await t.http.get(`/api/volunteer/${first.token}`).expect(200)).body.pickups).toEqual([]);
    // A completed request's volunteer is changed without messages.
    await db.query(`UPDATE requests SET status = 'completed' WHERE id = $1`, [id]);
    await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: null }).expect(200);
    expect(await messages(id)).toHaveLength(3);
  });

  it('twenty presses of «تم الاستلام» at once make one completion and one message to the host', async () => {
    const me = await volunteer('عبدالرحمن');
    const id = await pickup(me.id);
    const checks = { packed: true, temperature: true, beforeDeadline: true };
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(me.token, id, 'collected', { weighedKg: 30, checks })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await messages(id)).toEqual([{ type: 'statusUpdate', reason: 'status_changed' }]);
    const history = await db.query(`SELECT 1 FROM request_status_history WHERE request_id = $1`, [id]);
    expect(history).toHaveLength(1);
  });
});
