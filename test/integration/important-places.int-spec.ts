import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ImportantPlaceGroups1764820000000 } from '../../src/database/migrations/1764820000000-ImportantPlaceGroups';
import type { ImportantPlace } from '../../src/shared/api/content-admin';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;

/** Important places added by Arabic name and group (decisions.md, wave 3): generated codes, stored group, map position. */
describe('important places by Arabic name and group', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'places-admin')).token}` };
  });
  afterAll(async () => {
    // Later files find the seeded places only.
    await db.query(`DELETE FROM dropdown_options WHERE type = 'importantPlace' AND (value LIKE 'place\\_%' OR value LIKE 'itest\\_%')`);
    await t.close();
  });

  const add = (body: Record<string, unknown>) => t.http.post('/api/admin/important-places').set(auth).send(body);
  const publicPlaces = async () =>
    (await t.http.get('/api/dropdown-options').expect(200)).body.importantPlaces as { value: string; label: string; group: string }[];

  it('generates a unique ASCII code for every place added without one, even with the same name', async () => {
    const added = await Promise.all(Array.from({ length: 40 }, () => add({ label: 'قاعة الريم', group: 'wedding' }).expect(201)));
    const values = added.map((res) => res.body.place.value as string);
    expect(new Set(values).size).toBe(40);
    for (const value of values) expect(value).toMatch(/^[a-z0-9_]{1,100}$/);
    // Stored as answered: forty rows, one per code.
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM dropdown_options WHERE type = 'importantPlace' AND value = ANY($1)`,
      [values],
    );
    expect(count).toBe(40);
  });

  it('keeps the generated code when the place is renamed, regrouped or moved (requests keep pointing at it)', async () => {
    const { place } = (await add({ label: 'فندق البحر', group: 'hotel' }).expect(201)).body as { place: ImportantPlace };
    await t.http
      .put(`/api/admin/important-places/${place.id}`)
      .set(auth)
      .send({ label: 'قاعة البحر', group: 'wedding', isActive: true, latitude: 24.0871, longitude: 38.0579 })
      .expect(200);
    const [row] = await db.query(`SELECT value, label, place_group, latitude, longitude FROM dropdown_options WHERE id = $1`, [place.id]);
    expect(row).toEqual({ value: place.value, label: 'قاعة البحر', place_group: 'wedding', latitude: 24.0871, longitude: 38.0579 });
  });

  it('stores the chosen group and the public form lists the place under it, whatever its code says', async () => {
    // A hall given a commercial-looking code by hand: before groups existed it showed under «مراكز تجارية».
    await add({ value: 'commercial_itest_hall', label: 'قاعة النخيل للاختبار', group: 'wedding' }).expect(201);
    const { place } = (await add({ label: 'مسجد الحي للاختبار', group: 'other' }).expect(201)).body as { place: ImportantPlace };
    const listed = await publicPlaces();
    expect(listed.find((p) => p.value === 'commercial_itest_hall')).toEqual({
      value: 'commercial_itest_hall',
      label: 'قاعة النخيل للاختبار',
      group: 'wedding',
    });
    expect(listed.find((p) => p.value === place.value)?.group).toBe('other');
    // Every seeded place keeps its group.
    expect(listed.find((p) => p.value === 'hotel_ibis_yanbu')?.group).toBe('hotel');
    expect(listed.find((p) => p.value === 'commercial_yanbu_mall')?.group).toBe('commercial');
    const admin = (await t.http.get('/api/admin/important-places').set(auth).expect(200)).body as ImportantPlace[];
    expect(admin.find((p) => p.value === 'commercial_itest_hall')).toMatchObject({ group: 'wedding', latitude: null, longitude: null });
  });

  it("still takes the spec's {value, label} call, with the group defaulting to «أماكن أخرى»", async () => {
    const res = await add({ value: 'itest_spec_call', label: 'مكان بالصيغة القديمة' }).expect(201);
    expect(res.body.place).toMatchObject({ value: 'itest_spec_call', group: 'other' });
    const taken = await add({ value: 'itest_spec_call', label: 'مكرر' }).expect(400);
    expect(taken.body.errors.value).toBe('يوجد مكان بهذا الرمز');
    // An empty code is generated like an omitted one.
    expect((await add({ value: '', label: 'مكان بلا رمز', group: 'company' }).expect(201)).body.place.value).toMatch(/^place_/);
  });

  it.each([
    [{ label: '  ', group: 'hotel' }, 'label'],
    [{ label: 'مكان', group: 'mall' }, 'group'],
    [{ label: 'مكان', value: 'قاعة' }, 'value'],
    [{ label: 'مكان', group: 'hotel', latitude: 24.1 }, 'longitude'],
    [{ label: 'مكان', group: 'hotel', latitude: 95, longitude: 38 }, 'latitude'],
    [{ label: 'مكان', group: 'hotel', latitude: '24', longitude: 38 }, 'latitude'],
  ])('refuses %j with an Arabic message on the field', async (body, field) => {
    const res = await add(body).expect(400);
    expect(res.body.errors[field]).toMatch(ARABIC);
  });

  it('keeps the position when an edit leaves it out, and clears it with null', async () => {
    const { place } = (await add({ label: 'شركة للاختبار', group: 'company', latitude: 24.1, longitude: 38.06 }).expect(201)).body as {
      place: ImportantPlace;
    };
    expect(place).toMatchObject({ latitude: 24.1, longitude: 38.06 });
    const put = (body: Record<string, unknown>) => t.http.put(`/api/admin/important-places/${place.id}`).set(auth).send(body);
    await put({ label: 'شركة للاختبار', isActive: false }).expect(200);
    const position = async () =>
      (await db.query(`SELECT latitude, longitude, place_group FROM dropdown_options WHERE id = $1`, [place.id]))[0];
    expect(await position()).toEqual({ latitude: 24.1, longitude: 38.06, place_group: 'company' });
    await put({ label: 'شركة للاختبار', isActive: false, latitude: null, longitude: null }).expect(200);
    expect(await position()).toEqual({ latitude: null, longitude: null, place_group: 'company' });
    await put({ label: 'شركة للاختبار', isActive: true, value: 'itest_spec_call' }).expect(400);
    await t.http.put('/api/admin/important-places/2147483000').set(auth).send({ label: 'x', isActive: true }).expect(404);
  });

  it("backfills the group of existing places from today's code prefixes; any other code goes to «أماكن أخرى»", async () => {
    const migration = new ImportantPlaceGroups1764820000000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO dropdown_options (type, value, label, is_active, sort_order) VALUES
           ('importantPlace', 'itest_wedding_hall_x', 'قاعة بلا بادئة', true, 900),
           ('importantPlace', 'wedding_itest_a', 'قاعة أ', true, 901),
           ('importantPlace', 'hotel_itest_b', 'فندق ب', true, 902),
           ('importantPlace', 'company_itest_c', 'شركة ج', true, 903),
           ('importantPlace', 'commercial_itest_d', 'مركز د', true, 904)`,
      );
      await migration.up(runner);
      const rows = await runner.query(
        `SELECT value, place_group FROM dropdown_options
          WHERE value IN ('itest_wedding_hall_x', 'wedding_itest_a', 'hotel_itest_b', 'company_itest_c', 'commercial_itest_d')
          ORDER BY sort_order`,
      );
      expect(rows).toEqual([
        { value: 'itest_wedding_hall_x', place_group: 'other' },
        { value: 'wedding_itest_a', place_group: 'wedding' },
        { value: 'hotel_itest_b', place_group: 'hotel' },
        { value: 'company_itest_c', place_group: 'company' },
        { value: 'commercial_itest_d', place_group: 'commercial' },
      ]);
      // The other lists get no group.
      const [{ grouped }] = await runner.query(
        `SELECT count(*)::int AS grouped FROM dropdown_options WHERE type <> 'importantPlace' AND place_group IS NOT NULL`,
      );
      expect(grouped).toBe(0);
      await expect(runner.query(`UPDATE dropdown_options SET place_group = 'mall' WHERE value = 'hotel_itest_b'`)).rejects.toThrow(
        /CHK_dropdown_options_place_group/,
      );
    } finally {
      await runner.query(`DELETE FROM dropdown_options WHERE value LIKE '%itest%' AND sort_order >= 900`);
      await runner.release();
    }
  });
});
