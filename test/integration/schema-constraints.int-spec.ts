import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Spec §3's defaults, unique keys and cascades, held by the database itself (not only by the services):
 * a second writer, a restore or a hand-made fix in psql meets the same rules.
 */
describe('database defaults, unique keys and cascades of spec §3', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each column the default the spec names', async () => {
    const expected: [table: string, column: string, value: string][] = [
      ['simple_areas', 'is_active', 'true'],
      ['deletion_confirmations', 'is_confirmed', 'false'],
      ['whatsapp_opt_ins', 'opt_in_status', 'true'],
      ['assurance_recipients', 'opted_in', 'false'],
      ['assurance_recipients', 'status', `'pending'`],
      ['assurance_recipients', 'attempts', '0'],
      ['assurance_attempts', 'status', `'queued'`],
      ['content_settings', 'type', `'text'`],
      ['users', 'role', `'admin'`],
      ['security_alerts', 'severity', `'medium'`],
      ['quick_messages', 'status', `'pending'`],
      ['impact_reports', 'is_public', 'false'],
      ['impact_reports', 'views', '0'],
    ];
    const rows: { table_name: string; column_name: string; column_default: string | null }[] = await db.query(
      `SELECT table_name, column_name, column_default FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const defaultOf = (table: string, column: string) =>
      rows.find((r) => r.table_name === table && r.column_name === column)?.column_default?.replace(/::[a-z ]+$/, '') ?? null;
    expect(expected.map(([table, column]) => [table, column, defaultOf(table, column)])).toEqual(expected);
  });

  it('refuses a second row with the same key wherever the spec says unique', async () => {
    const unique: [table: string, columns: string][] = [
      ['simple_areas', 'value'],
      ['simple_districts', 'value, area_value'],
      ['deletion_confirmations', 'confirmation_code'],
      ['whatsapp_opt_ins', 'phone_number'],
      ['assurance_attempts', 'group_id, recipient_id, template_key'],
      ['assurance_attempts', 'idempotency_key'],
      ['content_settings', 'key'],
      ['system_settings', 'key'],
      ['impact_reports', 'share_token'],
      ['users', 'username'],
      ['admin_sessions', 'token'],
      ['account_security_status', 'username'],
    ];
    const defined: { t: string; def: string }[] = await db.query(
      `SELECT conrelid::regclass::text AS t, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace AND contype = 'u'`,
    );
    const missing = unique.filter(([table, columns]) => !defined.some((c) => c.t === table && c.def === `UNIQUE (${columns})`));
    expect(missing).toEqual([]);

    // And in practice: a second user of the same name, a second district of the same value in one area.
    await db.query(`INSERT INTO users (username, password) VALUES ('unique-check', 'x')`);
    await expect(db.query(`INSERT INTO users (username, password) VALUES ('unique-check', 'y')`)).rejects.toThrow(/UQ_users_username/);
    const [{ role }] = await db.query(`SELECT role FROM users WHERE username = 'unique-check'`);
    expect(role).toBe('admin');
    await db.query(`DELETE FROM users WHERE username = 'unique-check'`);
    await db.query(`INSERT INTO simple_districts (name, value, area_value) VALUES ('حي الفحص', 'unique_check', 'yanbu_city')`);
    await expect(
      db.query(`INSERT INTO simple_districts (name, value, area_value) VALUES ('حي الفحص ٢', 'unique_check', 'yanbu_city')`),
    ).rejects.toThrow(/UQ_simple_districts_value_area_value/);
    // The same value under another area is another district.
    await db.query(`INSERT INTO simple_districts (name, value, area_value) VALUES ('حي الفحص', 'unique_check', 'yanbu_nakhl')`);
    await db.query(`DELETE FROM simple_districts WHERE value = 'unique_check'`);
  });

  it('takes a location area’s districts and their streets with it when it is deleted', async () => {
    const [area] = await db.query(`INSERT INTO location_areas (name, value) VALUES ('منطقة الفحص', 'cascade_check') RETURNING id`);
    const [district] = await db.query(
      `INSERT INTO location_districts (name, value, area_id) VALUES ('حي الفحص', 'cascade_check', $1) RETURNING id`,
      [area.id],
    );
    await db.query(`INSERT INTO location_streets (name, value, district_id) VALUES ('شارع الفحص', 'cascade_check', $1)`, [district.id]);
    await db.query(`DELETE FROM location_areas WHERE id = $1`, [area.id]);
    expect(await db.query(`SELECT id FROM location_districts WHERE id = $1`, [district.id])).toEqual([]);
    expect(await db.query(`SELECT id FROM location_streets WHERE district_id = $1`, [district.id])).toEqual([]);
  });
});
