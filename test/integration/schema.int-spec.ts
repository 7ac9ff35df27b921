import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import argon2 from 'argon2';
import { DataSource } from 'typeorm';
import pino from 'pino';
import { runSeeds } from '../../src/database/seeds/run-seeds';
import { createTestApp, TestApp } from '../support/test-app';

/** Every table of spec §3 with every field it lists (columns in snake_case). */
const SPEC_TABLES: Record<string, string[]> = {
  simple_areas: ['id', 'name', 'value', 'is_active', 'created_at'],
  simple_districts: ['id', 'name', 'value', 'area_value', 'is_active', 'created_at'],
  location_areas: ['id', 'name', 'value', 'created_at'],
  location_districts: ['id', 'name', 'value', 'area_id', 'created_at'],
  location_streets: ['id', 'name', 'value', 'district_id', 'created_at'],
  requests: [
    'id',
    'event_type',
    'attendee_count',
    'event_date',
    'end_time',
    'full_address',
    'location_type',
    'area',
    'district',
    'street',
    'building_number',
    'important_place',
    'latitude',
    'longitude',
    'landmarks',
    'location_phone',
    'organizer_name',
    'organizer_phone',
    'organizer_email',
    'food_types',
    'additional_notes',
    'status',
    'cancellation_reason',
    'created_at',
    'updated_at',
  ],
  deleted_requests: [
    'original_id',
    'deleted_at',
    'deleted_by',
    'deletion_reason',
    'event_type',
    'organizer_phone',
    'status',
    'full_address',
  ],
  deletion_confirmations: [
    'id',
    'request_id',
    'confirmation_code',
    'requested_by',
    'confirmed_by',
    'is_confirmed',
    'expires_at',
    'created_at',
    'confirmed_at',
  ],
  quick_messages: [
    'id',
    'sender_name',
    'sender_phone',
    'inquiry_type',
    'inquiry_subject',
    'original_message',
    'status',
    'admin_reply',
    'replied_at',
    'created_at',
  ],
  whatsapp_opt_ins: [
    'id',
    'phone_number',
    'opt_in_status',
    'consent_timestamp',
    'consent_method',
    'consent_text',
    'ip_address',
    'user_agent',
    'request_id',
    'last_contacted_at',
    'revoked_at',
    'revoked_method',
    'created_at',
    'updated_at',
  ],
  notification_logs: [
    'id',
    'request_id',
    'recipient_phone',
    'recipient_type',
    'notification_type',
    'message_content',
    'status',
    'error_message',
    'provider_message_id',
    'sent_at',
    'delivered_at',
    'created_at',
  ],
  assurance_templates: ['key', 'content_sid', 'placeholders_count', 'created_at'],
  assurance_notification_groups: ['group_id', 'type', 'form_id', 'requester_whatsapp', 'variables_json', 'created_at'],
  assurance_recipients: [
    'recipient_id',
    'group_id',
    'whatsapp',
    'role',
    'opted_in',
    'status',
    'last_attempt_at',
    'attempts',
    'stop_reason',
    'created_at',
  ],
  assurance_attempts: [
    'attempt_id',
    'group_id',
    'recipient_id',
    'template_key',
    'content_variables',
    'status',
    'provider_message_id',
    'provider_error_code',
    'provider_error_message',
    'idempotency_key',
    'attempts',
    'next_attempt_at',
    'sent_at',
    'updated_at',
    'created_at',
  ],
  assurance_events: ['event_id', 'type', 'payload', 'created_at'],
  content_settings: ['id', 'key', 'value', 'type', 'updated_at'],
  system_settings: ['id', 'key', 'value', 'description', 'updated_at', 'updated_by'],
  dropdown_options: ['id', 'type', 'value', 'label', 'is_active', 'sort_order', 'created_at', 'updated_at'],
  governance_cards: [
    'id',
    'title',
    'description',
    'content',
    'file_url',
    'file_name',
    'file_type',
    'file_size',
    'display_order',
    'is_active',
    'created_at',
    'updated_at',
  ],
  sticker_images: [
    'id',
    'name',
    'object_path',
    'file_size',
    'mime_type',
    'width',
    'height',
    'is_active',
    'sort_order',
    'uploaded_by',
    'created_at',
    'updated_at',
  ],
  statistics: ['id', 'metric', 'value', 'period', 'date', 'created_at'],
  manual_homepage_statistics: [
    'id',
    'total_requests',
    'unique_phones',
    'food_saved_kg',
    'families_benefited',
    'successful_events',
    'is_active',
    'updated_at',
    'updated_by',
  ],
  food_calculation_settings: [
    'id',
    'calculation_method',
    'manual_amount',
    'formula_multiplier',
    'is_active',
    'description',
    'created_at',
    'updated_at',
    'updated_by',
  ],
  impact_reports: [
    'id',
    'title',
    'description',
    'period_type',
    'start_date',
    'end_date',
    'report_data',
    'share_token',
    'is_public',
    'views',
    'created_at',
    'updated_at',
    'created_by',
  ],
  activity_logs: ['id', 'action', 'entity_type', 'entity_id', 'metadata', 'user_id', 'ip_address', 'user_agent', 'created_at'],
  users: ['id', 'username', 'password', 'role'],
  admin_sessions: ['id', 'user_id', 'token', 'expires_at', 'created_at', 'ip_address', 'user_agent'],
  password_change_requests: ['id', 'user_id', 'verification_code', 'new_password_hash', 'is_used', 'expires_at', 'created_at'],
  login_verification_codes: ['id', 'username', 'verification_code', 'expires_at', 'created_at', 'is_used', 'ip_address', 'user_agent'],
  login_attempts: [
    'id',
    'username',
    'ip_address',
    'user_agent',
    'success',
    'failure_reason',
    'attempted_at',
    'country',
    'country_code',
    'city',
    'session_token',
  ],
  account_security_status: [
    'id',
    'username',
    'is_frozen',
    'frozen_at',
    'frozen_until',
    'failed_attempts',
    'last_failed_attempt',
    'last_successful_login',
    'allowed_countries',
    'geo_alert_enabled',
    'max_failed_attempts',
    'freeze_duration_minutes',
    'created_at',
    'updated_at',
  ],
  security_alerts: [
    'id',
    'alert_type',
    'severity',
    'username',
    'ip_address',
    'country',
    'country_code',
    'description',
    'metadata',
    'resolved',
    'resolved_at',
    'resolved_by',
    'created_at',
  ],
  emergency_access_codes: [
    'id',
    'master_code',
    'security_question',
    'security_answer',
    'is_active',
    'usage_count',
    'last_used_at',
    'last_used_by',
    'last_used_ip',
    'expires_at',
    'created_at',
    'updated_at',
  ],
};

describe('database schema, migrations and seeds', () => {
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

  it('seeds the areas, districts, options, content, settings, templates and first administrator', async () => {
    const areas: { value: string }[] = await db.query('SELECT value FROM simple_areas ORDER BY value');
    expect(areas.map((a) => a.value)).toEqual(['yanbu_city', 'yanbu_industrial', 'yanbu_nakhl']);

    const [{ active, inactive }] = await db.query(
      `SELECT count(*) FILTER (WHERE is_active)::int AS active, count(*) FILTER (WHERE NOT is_active)::int AS inactive FROM simple_districts`,
    );
    expect(active).toBeGreaterThan(50);
    expect(inactive).toBeGreaterThan(0); // the probable districts wait for an administrator

    const eventTypes: { value: string; label: string }[] = await db.query(
      `SELECT value, label FROM dropdown_options WHERE type = 'eventType' ORDER BY sort_order`,
    );
    expect(eventTypes.map((e) => e.value).sort()).toEqual([
      'birthday',
      'conference',
      'corporate',
      'family',
      'graduation',
      'other',
      'religious',
      'wedding',
    ]);
    expect(eventTypes.every((e) => /[\u0600-\u06FF]/.test(e.label))).toBe(true);
    const places: { value: string }[] = await db.query(`SELECT value FROM dropdown_options WHERE type = 'importantPlace'`);
    expect(places.length).toBeGreaterThan(3);

    const content: { key: string; value: string }[] = await db.query('SELECT key, value FROM content_settings');
    const keys = new Set(content.map((c) => c.key));
    for (const key of [
      'site_title',
      'site_slogan',
      'hero_title',
      'hero_subtitle',
      'cta_button_text',
      'form_title',
      'form_description',
      'working_hours_title',
      'working_hours_weekdays',
      'working_hours_friday',
      'working_hours_note',
      'contact_phone',
      'contact_email',
      'contact_address',
      'charity_name',
      'license_number',
      'registration_date',
      'registration_title',
      'government_entity',
      'footer_text',
      'hero_verse',
    ]) {
      expect(keys.has(key)).toBe(true);
    }
    expect(content.find((c) => c.key === 'hero_verse')?.value).toContain('وَيُطْعِمُونَ الطَّعَامَ');
    expect(content.find((c) => c.key === 'working_hours_weekdays')?.value).toBe('السبت - الخميس: 8:00 ص - 8:00 م');

    const [verification] = await db.query(`SELECT value FROM system_settings WHERE key = 'admin_verification_required'`);
    expect(verification.value).toBe('true');
    const [blocked] = await db.query(`SELECT value FROM system_settings WHERE key = 'site_blocked'`);
    expect(blocked.value).toBe('false');
    const [food] = await db.query('SELECT calculation_method, formula_multiplier FROM food_calculation_settings');
    expect(food.calculation_method).toBe('formula');
    expect(Number(food.formula_multiplier)).toBe(0.5);

    const templates: { key: string; placeholders_count: number; category: string }[] = await db.query(
      'SELECT key, placeholders_count, category FROM assurance_templates ORDER BY key',
    );
    expect(templates.map((x) => x.key)).toEqual([
      'autoReply',
      'customMessage',
      'inquiryReceived',
      'newRequest',
      'requestConfirmation',
      'securityAlert',
      'statusUpdate',
      'verificationCode',
    ]);
    expect(templates.find((x) => x.key === 'verificationCode')?.category).toBe('authentication');
    expect(templates.find((x) => x.key === 'autoReply')?.placeholders_count).toBe(5);

    const [admin] = await db.query(`SELECT username, password, role FROM users ORDER BY id LIMIT 1`);
    expect(admin.username).toBe('admin');
    expect(admin.role).toBe('admin');
    expect(admin.password).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(admin.password, 'initial-admin-password')).toBe(true);
  });

  it('re-running the seeds adds nothing and keeps what administrators changed', async () => {
    await db.query(`UPDATE content_settings SET value = 'نص عدّله المشرف' WHERE key = 'hero_title'`);
    const before = await db.query(
      'SELECT (SELECT count(*) FROM simple_districts) d, (SELECT count(*) FROM dropdown_options) o, (SELECT count(*) FROM users) u',
    );
    await runSeeds(db, t.config, pino({ level: 'silent' }));
    const after = await db.query(
      'SELECT (SELECT count(*) FROM simple_districts) d, (SELECT count(*) FROM dropdown_options) o, (SELECT count(*) FROM users) u',
    );
    expect(after).toEqual(before);
    const [hero] = await db.query(`SELECT value FROM content_settings WHERE key = 'hero_title'`);
    expect(hero.value).toBe('نص عدّله المشرف');
  });

  it('writes a generated first password to an owner-only file when ADMIN_PASSWORD is not set', async () => {
    await db.query('DELETE FROM users');
    const config = { ...t.config, admin: { ...t.config.admin, password: undefined, username: 'Charity-Admin' } };
    await runSeeds(db, config, pino({ level: 'silent' }));
    const file = join(t.config.dataDir, 'admin-password.txt');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))![1];
    const [user] = await db.query(`SELECT username, password FROM users`);
    expect(user.username).toBe('charity-admin');
    expect(await argon2.verify(user.password, password)).toBe(true);
  });
});
