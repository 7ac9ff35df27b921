import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import argon2 from 'argon2';
import { DataSource } from 'typeorm';
import pino from 'pino';
import { runSeeds } from '../../src/database/seeds/run-seeds';
import { ownDatabase } from '../support/own-database';
import { createTestApp, TestApp } from '../support/test-app';

// The seeds: what they insert, re-running them, and the generated first administrator password.
describe('database seeds', () => {
  let t: TestApp;
  let db: DataSource;

  // A database of its own: the seeds as a new install gets them, whatever other files changed; and this
  // file's own changes (every user deleted) reach no other file.
  let own: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    own = await ownDatabase('seeds');
    t = await createTestApp({ env: { DATABASE_URL: own.url } });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
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
      'hostCancelled',
      'inquiryReceived',
      'newRequest',
      'requestConfirmation',
      'securityAlert',
      'statusUpdate',
      'verificationCode',
      'volunteerAssignment',
      'volunteerLink',
      'volunteerOnTheWay',
      'volunteerUnassigned',
      'volunteerUpdate',
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
