import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SETTING_KEYS, SystemSettingsService } from '../../src/modules/system/system-settings.service';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { createUser, setVerification } from './security-support';

/** Admin-side rules an audit found built but unchecked: settings read as switches, report periods, bulk delete. */
describe('admin rules: setting switches, report periods, bulk delete', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '1000', RATE_LIMIT_LOGIN_PER_USERNAME: '1000' } });
    db = t.app.get(DataSource);
    auth = { authorization: `Bearer ${(await signInAdmin(t.app, 'rules-admin')).token}` };
    await createUser(t, 'switch-check', 'Switch-Check-7');
  });
  afterAll(async () => {
    await setVerification(t, true);
    await db?.query(`DELETE FROM impact_reports WHERE title LIKE 'فترة %'`);
    await t?.close();
  });

  it('treats any stored value but "false" as on: a login then asks for the WhatsApp code', async () => {
    const settings = t.app.get(SystemSettingsService);
    for (const value of ['yes', '1', 'TRUE']) {
      await settings.set(SETTING_KEYS.adminVerificationRequired, value, 'test');
      const res = await t.http.post('/api/auth/login').send({ username: 'switch-check', password: 'Switch-Check-7' }).expect(200);
      expect([value, res.body.requiresVerification]).toEqual([value, true]);
    }
    await setVerification(t, false);
    const direct = await t.http.post('/api/auth/login').send({ username: 'switch-check', password: 'Switch-Check-7' }).expect(200);
    expect(typeof direct.body.token).toBe('string');
  });

  it('says when the site-block setting last changed', async () => {
    await t.http.post('/api/system/toggle-site-block').set(auth).send({ reason: 'فحص التاريخ' }).expect(200);
    const blocked = (await t.http.get('/api/system/site-blocked').expect(200)).body;
    expect(blocked).toMatchObject({ blocked: true, setting: { description: 'فحص التاريخ', updatedAt: expect.any(String) } });
    t.clock.advance(60_000);
    await t.http.post('/api/system/toggle-site-block').set(auth).send({}).expect(200);
    const open = (await t.http.get('/api/system/site-blocked').expect(200)).body;
    // The time moves with the change.
    expect(Date.parse(open.setting.updatedAt)).toBeGreaterThan(Date.parse(blocked.setting.updatedAt));
  });

  it('accepts every period type of an impact report, weekly, quarterly and custom included', async () => {
    for (const periodType of ['weekly', 'monthly', 'quarterly', 'annual', 'custom']) {
      const res = await t.http
        .post('/api/admin/impact-reports')
        .set(auth)
        .send({ title: `فترة ${periodType}`, periodType, startDate: '2024-01-01', endDate: '2024-03-31' })
        .expect(201);
      expect(res.body.periodType).toBe(periodType);
    }
  });

  it('deletes several requests at once into the archive, with the reason and the administrator', async () => {
    const ids: number[] = [];
    for (const phone of ['0557722001', '0557722002']) {
      const [row] = await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
         VALUES ('wedding', 70, '2026-12-22', '22:00', 'ينبع', 'custom', 'حذف جماعي', $1, 'received') RETURNING id`,
        [phone],
      );
      ids.push(row.id);
    }
    const res = await t.http.post('/api/requests/bulk').set(auth).send({ ids, action: 'delete', reason: 'طلبات مكررة' }).expect(200);
    expect(res.body).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await db.query(`SELECT id FROM requests WHERE id = ANY($1)`, [ids])).toEqual([]);
    const archived = await db.query(
      `SELECT original_id, deletion_reason, deleted_by FROM deleted_requests WHERE original_id = ANY($1) ORDER BY original_id`,
      [ids],
    );
    expect(archived).toEqual(ids.map((id) => ({ original_id: id, deletion_reason: 'طلبات مكررة', deleted_by: 'rules-admin' })));
  });
});
