import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SPEC_TABLES } from '../support/spec-tables';
import { createTestApp, TestApp } from '../support/test-app';

// The database schema: every table and field of spec §3, migrations without drift, constraints in the database.
describe('database schema and migrations', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  it('has every table of spec §3 with every field it lists', async () => {
    const rows: { table_name: string; column_name: string }[] = await db.query(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const columns = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
      columns.get(row.table_name)!.add(row.column_name);
    }
    const missing: string[] = [];
    for (const [table, fields] of Object.entries(SPEC_TABLES)) {
      if (!columns.has(table)) missing.push(`${table} (table)`);
      else for (const field of fields) if (!columns.get(table)!.has(field)) missing.push(`${table}.${field}`);
    }
    expect(missing).toEqual([]);
    expect(Object.keys(SPEC_TABLES)).toHaveLength(34);
  });

  it('has migrations that match the entities exactly (no drift)', async () => {
    const pending = await db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    const applied: { name: string }[] = await db.query('SELECT name FROM schema_migrations');
    expect(applied.map((m) => m.name)).toContain('InitialSchema1763780000000');
  });

  it('enforces the spec constraints in the database itself', async () => {
    await expect(db.query(`INSERT INTO simple_areas (name, value) VALUES ('مكرر', 'yanbu_city')`)).rejects.toThrow(/unique/i);
    await expect(
      db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
         VALUES ('wedding', 50, '2026-12-01', '22:00', 'x', 'custom', 'n', '0501234567', 'lost')`,
      ),
    ).rejects.toThrow(/CHK_requests_status/);
    const [row] = await db.query(
      `SELECT column_default FROM information_schema.columns WHERE table_name = 'requests' AND column_name = 'status'`,
    );
    expect(row.column_default).toContain('received');
  });

  // Defaults and unique keys of §3 are in schema-constraints.int-spec.ts; these are the rules it leaves out.
  it('allows only the content types text, json and image, and deletes a district’s streets with it', async () => {
    const kept = await db.query(
      `INSERT INTO content_settings (key, value, type) VALUES ('type_check_text', 'x', 'text'), ('type_check_json', '{}', 'json'),
         ('type_check_image', '/a.png', 'image') RETURNING type`,
    );
    expect(kept.map((r: { type: string }) => r.type)).toEqual(['text', 'json', 'image']);
    await db.query(`DELETE FROM content_settings WHERE key IN ('type_check_text', 'type_check_json', 'type_check_image')`);
    await expect(db.query(`INSERT INTO content_settings (key, value, type) VALUES ('type_check', 'x', 'video')`)).rejects.toThrow(
      /CHK_content_settings_type/,
    );
    // Both location links cascade: 'c' is ON DELETE CASCADE.
    const cascades = await db.query(
      `SELECT conname, confdeltype FROM pg_constraint WHERE conname IN ('FK_location_districts_area_id', 'FK_location_streets_district_id') ORDER BY conname`,
    );
    expect(cascades).toEqual([
      { conname: 'FK_location_districts_area_id', confdeltype: 'c' },
      { conname: 'FK_location_streets_district_id', confdeltype: 'c' },
    ]);
    // A district deleted on its own (its area stays) takes its streets.
    const [area] = await db.query(`INSERT INTO location_areas (name, value) VALUES ('منطقة الشوارع', 'street_cascade') RETURNING id`);
    const [district] = await db.query(
      `INSERT INTO location_districts (name, value, area_id) VALUES ('حي الشوارع', 'street_cascade', $1) RETURNING id`,
      [area.id],
    );
    await db.query(`INSERT INTO location_streets (name, value, district_id) VALUES ('شارع الفحص', 'street_cascade', $1)`, [district.id]);
    await db.query(`DELETE FROM location_districts WHERE id = $1`, [district.id]);
    expect(await db.query(`SELECT id FROM location_streets WHERE district_id = $1`, [district.id])).toEqual([]);
    await db.query(`DELETE FROM location_areas WHERE id = $1`, [area.id]);
  });
});
