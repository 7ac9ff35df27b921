import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { AdminLocations, DropdownLists, ImportantPlace } from '../../src/shared/api/content-admin';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;

describe('content, dropdown lists, important places and districts for administrators', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let originalLists: DropdownLists;
  let originalPhone: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app)).token}` };
    originalLists = (await t.http.get('/api/admin/dropdown-options').set(auth).expect(200)).body;
    [{ value: originalPhone }] = await db.query(`SELECT value FROM content_settings WHERE key = 'contact_phone'`);
  });
  afterAll(async () => {
    // Later files find the lists and the phone as they were.
    await t.http.put('/api/admin/dropdown-options').set(auth).send(originalLists);
    await db.query(`UPDATE content_settings SET value = $1 WHERE key = 'contact_phone'`, [originalPhone]);
    await t.close();
  });

  it('refuses every call without an admin session', async () => {
    await t.http.post('/api/content').send({ key: 'site_title', value: 'x' }).expect(401);
    await t.http
      .put('/api/admin/dropdown-options')
      .send({ eventTypes: ['x'], foodTypes: ['y'] })
      .expect(401);
    await t.http.post('/api/admin/important-places').send({ value: 'x', label: 'y' }).expect(401);
    await t.http.post('/api/admin/simple-locations/districts').send({ name: 'x', areaValue: 'yanbu_city' }).expect(401);
  });

  it("keeps the about page's figures as whole numbers and seeds no invented contact details", async () => {
    const content = (await t.http.get('/api/content').expect(200)).body as { key: string; value: string }[];
    const value = (key: string) => content.find((c) => c.key === key)?.value;
    expect(value('about_meals')).toBe('2000');
    expect(value('about_founded_year')).toBe('2024');
    expect(JSON.stringify(content)).not.toContain('example.org');
    const saved = await t.http.post('/api/content').set(auth).send({ key: 'about_meals', value: '٣٬١٥٠', type: 'text' }).expect(200);
    expect(saved.body.value).toBe('3150');
    const words = await t.http
      .post('/api/content')
      .set(auth)
      .send({ key: 'about_meals', value: 'أكثر من ألفين', type: 'text' })
      .expect(400);
    expect(words.body.errors.value).toMatch(ARABIC);
    const [{ value: stored }] = await db.query(`SELECT value FROM content_settings WHERE key = 'about_meals'`);
    expect(stored).toBe('3150');
    await t.http.post('/api/content').set(auth).send({ key: 'about_meals', value: '2000', type: 'text' }).expect(200);
  });

  it('saves a content key, normalises the contact phone and never saves an empty value', async () => {
    await t.http.post('/api/content').set(auth).send({ key: 'contact_phone', value: '+966 55 123 4567', type: 'text' }).expect(200);
    const content = await t.http.get('/api/content').expect(200);
    expect(content.body.find((c: { key: string }) => c.key === 'contact_phone').value).toBe('0551234567');
    const empty = await t.http.post('/api/content').set(auth).send({ key: 'contact_phone', value: '   ' }).expect(400);
    expect(empty.body.errors.value).toMatch(ARABIC);
    const [{ value }] = await db.query(`SELECT value FROM content_settings WHERE key = 'contact_phone'`);
    expect(value).toBe('0551234567');
    const unknown = await t.http.post('/api/content').set(auth).send({ key: 'not_a_key', value: 'x' }).expect(400);
    expect(unknown.body.errors.key).toMatch(ARABIC);
  });

  it('replaces the dropdown lists trimmed and without duplicates, keeping the stored values of known labels', async () => {
    const [known] = await db.query(
      `SELECT value, label FROM dropdown_options WHERE type = 'foodType' AND is_active ORDER BY sort_order LIMIT 1`,
    );
    const saved = await t.http
      .put('/api/admin/dropdown-options')
      .set(auth)
      .send({ eventTypes: originalLists.eventTypes, foodTypes: [` ${known.label} `, 'مشروبات', 'مشروبات', '  '] })
      .expect(200);
    expect(saved.body.foodTypes).toEqual([known.label, 'مشروبات']);
    // The public form offers exactly the new list at once, with the old label's value unchanged.
    const options = await t.http.get('/api/dropdown-options').expect(200);
    expect(options.body.foodTypes.map((o: { label: string }) => o.label)).toEqual([known.label, 'مشروبات']);
    expect(options.body.foodTypes[0].value).toBe(known.value);
    const emptyList = await t.http
      .put('/api/admin/dropdown-options')
      .set(auth)
      .send({ eventTypes: [' '], foodTypes: ['خبز'] })
      .expect(400);
    // The message names the list that would be left empty; nothing is replaced.
    expect(emptyList.body.errors.eventTypes).toBe('قائمة أنواع المناسبات يجب أن تحتوي على خيار واحد على الأقل');
    expect(emptyList.body.message).toBe(emptyList.body.errors.eventTypes);
    const unchanged = await t.http.get('/api/dropdown-options').expect(200);
    expect(unchanged.body.foodTypes.map((o: { label: string }) => o.label)).toEqual([known.label, 'مشروبات']);
    expect(unchanged.body.eventTypes.length).toBeGreaterThan(0);
  });

  it('adds, edits, deactivates and deletes an important place, with the spec message for missing fields', async () => {
    const missing = await t.http.post('/api/admin/important-places').set(auth).send({ value: 'hall_x', label: ' ' }).expect(400);
    expect(missing.body.message).toBe('يرجى ملء جميع الحقول المطلوبة');
    const added = await t.http.post('/api/admin/important-places').set(auth).send({ value: 'hall_x', label: 'قاعة الاختبار' }).expect(201);
    const id = added.body.place.id as number;
    await t.http.post('/api/admin/important-places').set(auth).send({ value: 'hall_x', label: 'أخرى' }).expect(400);
    await t.http
      .put(`/api/admin/important-places/${id}`)
      .set(auth)
      .send({ value: 'hall_x', label: 'قاعة الاختبار الكبرى', isActive: false })
      .expect(200);
    const list = (await t.http.get('/api/admin/important-places').set(auth).expect(200)).body as ImportantPlace[];
    expect(list.find((p) => p.id === id)).toMatchObject({ label: 'قاعة الاختبار الكبرى', isActive: false });
    // An inactive place is not offered on the public form.
    const options = await t.http.get('/api/dropdown-options').expect(200);
    expect(options.body.importantPlaces.map((o: { value: string }) => o.value)).not.toContain('hall_x');
    await t.http.delete(`/api/admin/important-places/${id}`).set(auth).expect(200);
    await t.http.delete(`/api/admin/important-places/${id}`).set(auth).expect(404);
    await t.http.delete('/api/admin/important-places/99999999999').set(auth).expect(400);
  });

  it('adds a district under an area (shown on the public form at once) and deletes it', async () => {
    const missing = await t.http
      .post('/api/admin/simple-locations/districts')
      .set(auth)
      .send({ name: '', areaValue: 'yanbu_city' })
      .expect(400);
    expect(missing.body.message).toBe('يرجى إدخال اسم الحي واختيار المنطقة');
    await t.http.post('/api/admin/simple-locations/districts').set(auth).send({ name: 'حي', areaValue: 'nowhere' }).expect(400);
    const added = await t.http
      .post('/api/admin/simple-locations/districts')
      .set(auth)
      .send({ name: ' حي  التجربة ', areaValue: 'yanbu_city' })
      .expect(201);
    expect(added.body.district).toMatchObject({ name: 'حي التجربة', areaValue: 'yanbu_city' });
    const publicOptions = await t.http.get('/api/simple-location-options').expect(200);
    expect(publicOptions.body.districts.map((d: { name: string }) => d.name)).toContain('حي التجربة');
    await t.http.post('/api/admin/simple-locations/districts').set(auth).send({ name: 'حي التجربة', areaValue: 'yanbu_city' }).expect(400);
    const all = (await t.http.get('/api/admin/simple-locations').set(auth).expect(200)).body as AdminLocations;
    expect(all.areas.map((a) => a.value)).toContain('yanbu_city');
    await t.http.delete(`/api/admin/simple-locations/districts/${added.body.district.id}`).set(auth).expect(200);
    const after = await t.http.get('/api/simple-location-options').expect(200);
    expect(after.body.districts.map((d: { name: string }) => d.name)).not.toContain('حي التجربة');
  });

  it('two administrators adding the same district at once: one is added, the other refused in Arabic, never a 500', async () => {
    const name = 'حي السباق المتزامن';
    // Holds every insert into simple_districts (reads pass), so both requests pass the name check before either inserts.
    const gate = db.createQueryRunner();
    await gate.connect();
    await gate.startTransaction();
    await gate.query('LOCK TABLE simple_districts IN SHARE MODE');
    const post = () =>
      t.http
        .post('/api/admin/simple-locations/districts')
        .set(auth)
        .send({ name, areaValue: 'yanbu_city' })
        .then((res) => res);
    const both = Promise.all([post(), post()]);
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [{ waiting }] = (await db.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO "simple_districts"%'`,
        )) as [{ waiting: number }];
        if (waiting === 2) break;
        if (Date.now() > deadline) throw new Error(`expected both inserts to wait on the lock, saw ${waiting}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await gate.commitTransaction();
      await gate.release();
    }
    const answers = await both;
    expect(answers.map((res) => res.status).sort()).toEqual([201, 400]);
    const refused = answers.find((res) => res.status === 400)!;
    expect(refused.body).toMatchObject({ message: 'هذا الحي موجود في المنطقة', errors: { name: 'هذا الحي موجود في المنطقة' } });
    const rows = (await db.query(`SELECT id FROM simple_districts WHERE name = $1 AND area_value = 'yanbu_city'`, [name])) as {
      id: number;
    }[];
    expect(rows).toHaveLength(1);
    await t.http.delete(`/api/admin/simple-locations/districts/${rows[0].id}`).set(auth).expect(200);
  });
});
