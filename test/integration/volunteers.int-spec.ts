import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { VolunteerRow } from '../../src/shared/api/volunteers';
import { VOLUNTEER_CONSENT_TEXT } from '../../src/shared/volunteer';
import { TestApp } from '../support/test-app';
import { TwilioWhatsApp } from '../support/webhooks';

// The volunteers resource (decisions.md, wave 4) on the real PostgreSQL: the list convention, the opt-in
// recorded with the registration, STOP honoured, deactivation, and no deletion of anyone with history.

describe('volunteers: /api/admin/volunteers', () => {
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let area: { value: string; name: string };

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(46_000_000);
    ({ t, db } = whatsapp);
    auth = { Authorization: `Bearer ${whatsapp.token}` };
    [area] = await db.query(`SELECT value, name FROM simple_areas ORDER BY id LIMIT 1`);
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  const add = (body: Record<string, unknown>) =>
    t.http
      .post('/api/admin/volunteers')
      .set(auth)
      .send({ consent: true, ...body });

  /** A request of `volunteerId`'s, completed `daysAgo` days ago with `kg` weighed. */
  async function completedPickup(volunteerId: number, kg: number, completedAt: Date): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone,
                             status, weighed_kg, completed_at, volunteer_id)
       VALUES ('wedding', 120, $1::date, '23:00', 'حي الشاطئ، ينبع', 'custom', 'سارة أحمد', '0551234567', 'completed', $2, $1, $3) RETURNING id`,
      [completedAt, kg, volunteerId],
    );
    return row.id;
  }

  it('answers nothing without an administrator session', async () => {
    await t.http.get('/api/admin/volunteers').expect(401);
    await t.http.get('/api/admin/volunteers/1').expect(401);
    await t.http.post('/api/admin/volunteers').send({ name: 'x', whatsapp: '0501234567' }).expect(401);
    await t.http.put('/api/admin/volunteers/1').send({ active: false }).expect(401);
    await t.http.delete('/api/admin/volunteers/1').expect(401);
  });

  it('adds a volunteer with the number in E.164, records their opt-in with the administrator and logs it', async () => {
    const phone = whatsapp.nextPhone();
    const res = await add({
      name: '  خالد   الحربي ',
      whatsapp: whatsapp.local(phone).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]),
      areas: [area.value],
      vehicle: 'سيارة مبردة',
    }).expect(201);
    const created: VolunteerRow = res.body;
    expect(created).toMatchObject({
      name: 'خالد الحربي',
      whatsapp: phone,
      areas: [area.value],
      areaNames: [area.name],
      vehicle: 'سيارة مبردة',
      notes: null,
      active: true,
      optedIn: true,
      month: { pickups: 0, kg: 0 },
      pickupsTotal: 0,
    });
    const [optIn] = await db.query(`SELECT opt_in_status, consent_method, consent_text FROM whatsapp_opt_ins WHERE phone_number = $1`, [
      phone,
    ]);
    expect(optIn.opt_in_status).toBe(true);
    expect(optIn.consent_method).toBe('volunteer_registration');
    expect(optIn.consent_text).toContain(VOLUNTEER_CONSENT_TEXT);
    expect(optIn.consent_text).toContain('test-admin');
    const [log] = await db.query(`SELECT action, metadata FROM activity_logs WHERE entity_type = 'volunteer' AND entity_id = $1`, [
      String(created.id),
    ]);
    expect(log).toEqual({ action: 'volunteer_created', metadata: { name: 'خالد الحربي' } });
    expect((await t.http.get(`/api/admin/volunteers/${created.id}`).set(auth).expect(200)).body).toEqual(created);
  });

  it('refuses bad fields with an Arabic message naming each, and writes nothing', async () => {
    const before = await db.query(`SELECT count(*)::int AS n FROM volunteers`);
    const bad = await add({ name: ' ', whatsapp: '0401234567', areas: ['atlantis'], vehicle: 'x'.repeat(101) }).expect(400);
    expect(bad.body.errors).toEqual({
      name: 'اكتب اسم المتطوع',
      whatsapp: 'رقم واتساب المتطوع غير صحيح: اكتبه بصيغة 05XXXXXXXX',
      areas: 'اختر مناطق المتطوع من القائمة',
      vehicle: 'وصف المركبة يجب ألا يتجاوز 100 حرف',
    });
    // Without the volunteer's consent confirmed, no number is registered.
    const unconfirmed = await add({ name: 'سعد', whatsapp: whatsapp.nextPhone(), consent: false }).expect(400);
    expect(unconfirmed.body.errors).toEqual({ consent: 'لا يُسجَّل الرقم إلا بعد موافقة المتطوع على رسائل واتساب' });
    const extra = await add({ name: 'سعد', whatsapp: whatsapp.nextPhone(), role: 'admin' }).expect(400);
    expect(extra.body.errors.role).toBeTruthy();
    await add({ name: 'سعد', whatsapp: 966 }).expect(400);
    await add({ name: 'سعد', whatsapp: whatsapp.nextPhone(), active: 'yes' }).expect(400);
    // The same number twice (typed another way): the second is refused on the number.
    const phone = whatsapp.nextPhone();
    await add({ name: 'سعد', whatsapp: phone }).expect(201);
    const twice = await add({ name: 'سعد الثاني', whatsapp: `00${phone.slice(1)}` }).expect(400);
    expect(twice.body.errors).toEqual({ whatsapp: 'يوجد متطوع مسجّل بهذا الرقم' });
    const after = await db.query(`SELECT count(*)::int AS n FROM volunteers`);
    expect(after[0].n).toBe(before[0].n + 1);
  });

  it('lists on the list convention: searched by name or by the number as people type it, filtered by area and activity', async () => {
    const phone = whatsapp.nextPhone();
    const [everywhere, here] = [
      (await add({ name: 'منصور القحطاني', whatsapp: phone }).expect(201)).body as VolunteerRow,
      (await add({ name: 'منصور العتيبي', whatsapp: whatsapp.nextPhone(), areas: [area.value] }).expect(201)).body as VolunteerRow,
    ];
    const list = (filter: Record<string, unknown>) =>
      t.http
        .get('/api/admin/volunteers')
        .query({ filter: JSON.stringify(filter), sort: JSON.stringify(['name', 'ASC']), range: '[0,9]' })
        .set(auth)
        .expect(200);
    const byName = await list({ q: 'منصور' });
    expect(byName.headers['content-range']).toBe('items 0-1/2');
    expect(byName.body.map((v: VolunteerRow) => v.name)).toEqual(['منصور العتيبي', 'منصور القحطاني']);
    expect((await list({ q: whatsapp.local(phone) })).body.map((v: VolunteerRow) => v.id)).toEqual([everywhere.id]);
    // No areas listed: they serve every area, so an area's filter keeps them.
    const inArea = (await list({ q: 'منصور', area: area.value })).body.map((v: VolunteerRow) => v.id);
    expect(inArea.sort()).toEqual([everywhere.id, here.id].sort());
    await t.http.put(`/api/admin/volunteers/${here.id}`).set(auth).send({ active: false }).expect(200);
    expect((await list({ q: 'منصور', active: true })).body.map((v: VolunteerRow) => v.id)).toEqual([everywhere.id]);
    await t.http.get('/api/admin/volunteers').query({ filter: '{"active":"yes"}' }).set(auth).expect(400);
    await t.http.get('/api/admin/volunteers').query({ sort: '["whatsapp","ASC"]' }).set(auth).expect(400);
  });

  it('shows this Riyadh month’s completed pickups and kilograms, and never deletes a volunteer with history: they are deactivated', async () => {
    const volunteer: VolunteerRow = (await add({ name: 'فهد السبيعي', whatsapp: whatsapp.nextPhone() }).expect(201)).body;
    await completedPickup(volunteer.id, 42.5, new Date());
    await completedPickup(volunteer.id, 10, new Date());
    await completedPickup(volunteer.id, 99, new Date(Date.now() - 40 * 86_400_000));
    const shown: VolunteerRow = (await t.http.get(`/api/admin/volunteers/${volunteer.id}`).set(auth).expect(200)).body;
    expect(shown.month).toEqual({ pickups: 2, kg: 52.5 });
    expect(shown.pickupsTotal).toBe(3);

    const refused = await t.http.delete(`/api/admin/volunteers/${volunteer.id}`).set(auth).expect(409);
    expect(refused.body).toMatchObject({ code: 'VOLUNTEER_HAS_HISTORY', message: expect.stringContaining('أوقف تفعيله') });
    await expect(db.query(`DELETE FROM volunteers WHERE id = $1`, [volunteer.id])).rejects.toThrow(/FK_requests_volunteer_id/);

    const off = await t.http.put(`/api/admin/volunteers/${volunteer.id}`).set(auth).send({ active: false }).expect(200);
    expect(off.body).toMatchObject({ active: false, name: 'فهد السبيعي' });
    const logged = await db.query(`SELECT action FROM activity_logs WHERE entity_type = 'volunteer' AND entity_id = $1 ORDER BY id`, [
      String(volunteer.id),
    ]);
    expect(logged.map((r: { action: string }) => r.action)).toEqual(['volunteer_created', 'volunteer_deactivated']);
  });

  it('deletes one no request ever named; edits keep what they leave out', async () => {
    const volunteer: VolunteerRow = (
      await add({ name: 'ماجد', whatsapp: whatsapp.nextPhone(), notes: 'يفضّل المساء\nولا يعمل الجمعة' }).expect(201)
    ).body;
    const edited = await t.http.put(`/api/admin/volunteers/${volunteer.id}`).set(auth).send({ vehicle: 'دباب' }).expect(200);
    expect(edited.body).toMatchObject({ name: 'ماجد', vehicle: 'دباب', notes: 'يفضّل المساء\nولا يعمل الجمعة' });
    await t.http.delete(`/api/admin/volunteers/${volunteer.id}`).set(auth).expect(200);
    await t.http.get(`/api/admin/volunteers/${volunteer.id}`).set(auth).expect(404);
    await t.http.put(`/api/admin/volunteers/${volunteer.id}`).set(auth).send({ name: 'x' }).expect(404);
    await t.http.get('/api/admin/volunteers/abc').set(auth).expect(400);
  });

  it('honours STOP / إيقاف from a volunteer’s WhatsApp: their opt-in no longer stands', async () => {
    const phone = whatsapp.nextPhone();
    const volunteer: VolunteerRow = (await add({ name: 'عبدالله', whatsapp: phone }).expect(201)).body;
    await whatsapp.inbound(phone, 'إيقاف').then((r) => expect(r.status).toBe(200));
    expect((await t.http.get(`/api/admin/volunteers/${volunteer.id}`).set(auth).expect(200)).body.optedIn).toBe(false);
    // An edit records nothing on its own; their consent confirmed again by an administrator restores it.
    await t.http.put(`/api/admin/volunteers/${volunteer.id}`).set(auth).send({ vehicle: 'دباب' }).expect(200);
    expect((await t.http.get(`/api/admin/volunteers/${volunteer.id}`).set(auth).expect(200)).body.optedIn).toBe(false);
    const again = await t.http.put(`/api/admin/volunteers/${volunteer.id}`).set(auth).send({ consent: true }).expect(200);
    expect(again.body.optedIn).toBe(true);
  });
});
