import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';

describe('public reads: location options, dropdown options, content, homepage statistics', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000' } });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the active areas and their active districts', async () => {
    const res = await t.http.get('/api/simple-location-options').expect(200);
    expect(res.body.areas.map((a: { value: string }) => a.value)).toEqual(['yanbu_industrial', 'yanbu_city', 'yanbu_nakhl']);
    expect(res.body.areas[1]).toEqual({ name: 'ينبع البحر', value: 'yanbu_city' });
    expect(res.body.districts.length).toBeGreaterThan(5);
    expect(res.body.districts[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      value: expect.any(String),
      areaValue: expect.any(String),
    });
    const [inactive] = await db.query('SELECT value, area_value FROM simple_districts WHERE NOT is_active LIMIT 1');
    if (inactive) {
      expect(
        res.body.districts.some(
          (d: { value: string; areaValue: string }) => d.value === inactive.value && d.areaValue === inactive.area_value,
        ),
      ).toBe(false);
    }
    await db.query(`UPDATE simple_districts SET is_active = false WHERE id = $1`, [res.body.districts[0].id]);
    const after = await t.http.get('/api/simple-location-options').expect(200);
    expect(after.body.districts.some((d: { id: number }) => d.id === res.body.districts[0].id)).toBe(false);
    await db.query(`UPDATE simple_districts SET is_active = true WHERE id = $1`, [res.body.districts[0].id]);
  });

  it('lists event types, food types and important places in display order, active only', async () => {
    const res = await t.http.get('/api/dropdown-options').expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['eventTypes', 'foodTypes', 'importantPlaces']);
    expect(res.body.eventTypes[0]).toEqual({ value: 'wedding', label: 'حفل زواج' });
    expect(res.body.foodTypes.length).toBeGreaterThan(3);
    expect(res.body.importantPlaces.some((p: { value: string }) => p.value.startsWith('hotel_'))).toBe(true);
    await db.query(`UPDATE dropdown_options SET is_active = false WHERE type = 'eventType' AND value = 'conference'`);
    await db.query(`UPDATE dropdown_options SET sort_order = -1 WHERE type = 'eventType' AND value = 'other'`);
    const after = await t.http.get('/api/dropdown-options').expect(200);
    const values = after.body.eventTypes.map((o: { value: string }) => o.value);
    expect(values).not.toContain('conference');
    expect(values[0]).toBe('other');
    await db.query(`UPDATE dropdown_options SET is_active = true WHERE type = 'eventType' AND value = 'conference'`);
    await db.query(`UPDATE dropdown_options SET sort_order = 8 WHERE type = 'eventType' AND value = 'other'`);
  });

  it('returns every content entry as key and value, including the hero verse', async () => {
    const res = await t.http.get('/api/content').expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    const verse = res.body.find((c: { key: string }) => c.key === 'hero_verse');
    expect(verse.value).toContain('وَيُطْعِمُونَ الطَّعَامَ');
    expect(res.body.map((c: { key: string }) => c.key)).toEqual(
      expect.arrayContaining(['contact_phone', 'license_number', 'working_hours_weekdays']),
    );
    expect(Object.keys(res.body[0]).sort()).toEqual(['key', 'value']);
  });

  describe('homepage statistics', () => {
    const insertRequest = (phone: string, status: string, attendees: number, weighed: number | null = null) =>
      db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status, weighed_kg)
         VALUES ('wedding', $3, '2026-01-01', '22:00', 'ينبع', 'custom', 'منظم', $1, $2, $4)`,
        [phone, status, attendees, weighed],
      );

    it('computes figures from completed requests (formula 0.5 kg per attendee, weighed kg wins), cached and refreshed on new requests', async () => {
      await db.query('DELETE FROM manual_homepage_statistics');
      const base = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      await insertRequest('0561000001', 'completed', 100);
      await insertRequest('0561000001', 'completed', 40, 84);
      await insertRequest('0561000002', 'received', 500);
      // Direct inserts do not drop the cache: the cached figures are still served.
      expect((await t.http.get('/api/homepage-statistics').expect(200)).body).toEqual(base);
      // A request through the API drops it.
      const tomorrow = new Date(t.clock.now().getTime() + 36 * 3600_000).toISOString().slice(0, 10);
      await t.http
        .post('/api/requests')
        .send({
          eventType: 'wedding',
          attendeeCount: 30,
          eventDate: tomorrow,
          endTime: '22:00',
          locationType: 'important_place',
          importantPlace: 'قاعة الاختبار',
          organizerName: 'منظم',
          organizerPhone: '0561000003',
          whatsappOptIn: false,
        })
        .expect(201);
      const now = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      expect(now.totalRequests).toBe(base.totalRequests + 4);
      expect(now.uniquePhones).toBe(base.uniquePhones + 3);
      expect(now.completedRequests).toBe(base.completedRequests + 2);
      expect(now.estimatedFoodKg).toBeCloseTo(base.estimatedFoodKg + 50 + 84, 2);
      // families = floor(kg / 0.42 / 5)
      expect(now.familiesBenefited).toBe(Math.floor(now.estimatedFoodKg / 0.42 / 5));
      // The note under the figures is built from the rule they were computed with.
      expect(now.basis).toEqual({ source: 'computed', method: 'formula', multiplier: 0.5, manualAmount: 0 });
    });

    it('computes stale figures once while every other visitor is answered at once with the last ones', async () => {
      const { HomepageStatisticsService } = await import('../../src/modules/reports/homepage/homepage-statistics.service');
      const { HomepageStatisticsRepository } = await import('../../src/modules/reports/homepage/homepage-statistics.repository');
      const service = t.app.get(HomepageStatisticsService);
      const repo = t.app.get(HomepageStatisticsRepository);
      const last = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      await insertRequest('0561000009', 'completed', 10);
      await service.invalidate();
      // A slow computation (as at a million rows): counted, and held until the other visitors are answered.
      const real = repo.computed.bind(repo);
      let computations = 0;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const spy = jest.spyOn(repo, 'computed').mockImplementation(async (rule) => {
        computations += 1;
        await held;
        return real(rule);
      });
      try {
        const first = t.http.get('/api/homepage-statistics').then((r) => r);
        await new Promise((r) => setTimeout(r, 100));
        const others = await Promise.all(Array.from({ length: 20 }, () => t.http.get('/api/homepage-statistics')));
        expect(others.every((r) => r.status === 200)).toBe(true);
        expect(others.every((r) => JSON.stringify(r.body) === JSON.stringify(last))).toBe(true);
        release();
        const fresh = (await first).body;
        expect(fresh.totalRequests).toBe(last.totalRequests + 1);
        expect(computations).toBe(1);
        // The next visitors get the new figures from the cache, with no computation.
        expect((await t.http.get('/api/homepage-statistics').expect(200)).body).toEqual(fresh);
        expect(computations).toBe(1);
      } finally {
        release();
        spy.mockRestore();
      }
    });

    it('serves the active manual figures instead when an administrator set them', async () => {
      await db.query(
        `INSERT INTO manual_homepage_statistics (total_requests, unique_phones, food_saved_kg, families_benefited, successful_events, is_active)
         VALUES (1500, 900, 12345.5, 640, 1200, true)`,
      );
      await t.app
        .get((await import('../../src/modules/reports/homepage/homepage-statistics.service')).HomepageStatisticsService)
        .invalidate();
      const res = await t.http.get('/api/homepage-statistics').expect(200);
      expect(res.body).toEqual({
        totalRequests: 1500,
        uniquePhones: 900,
        completedRequests: 1200,
        estimatedFoodKg: 12345.5,
        familiesBenefited: 640,
        basis: { source: 'manual' },
      });
      await db.query('DELETE FROM manual_homepage_statistics');
      await t.app
        .get((await import('../../src/modules/reports/homepage/homepage-statistics.service')).HomepageStatisticsService)
        .invalidate();
      const computed = await t.http.get('/api/homepage-statistics').expect(200);
      expect(computed.body.totalRequests).not.toBe(1500);
    });
  });
});
