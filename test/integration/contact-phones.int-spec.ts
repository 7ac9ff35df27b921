import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

/** The charity's contact phones (decisions.md, wave 3): landlines, 800 and 920 numbers and mobiles; refusals name the field. */
describe("the charity's contact phones", () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let saved: { key: string; value: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'phones-admin')).token}` };
    saved = [
      ...(await db.query(`SELECT key, value FROM content_settings WHERE key = 'contact_phone'`)),
      ...(await db.query(`SELECT key, value FROM system_settings WHERE key IN ('auto_reply_phone1', 'auto_reply_phone2')`)),
    ];
  });
  afterAll(async () => {
    for (const { key, value } of saved ?? []) {
      await db?.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
      await db?.query(`UPDATE system_settings SET value = $2 WHERE key = $1`, [key, value]);
    }
    await t.close();
  });

  const saveContact = (value: string) => t.http.post('/api/content').set(auth).send({ key: 'contact_phone', value, type: 'text' });
  const stored = async () => (await db.query(`SELECT value FROM content_settings WHERE key = 'contact_phone'`))[0].value as string;

  it.each([
    ['014 322 1234', '0143221234'],
    ['+966 14 322 1234', '0143221234'],
    ['٠١٤٣٢٢١٢٣٤', '0143221234'],
    ['800 124 4444', '8001244444'],
    ['9200 12345', '920012345'],
    ['+966 55 123 4567', '0551234567'],
  ])('accepts %s as the contact phone and stores %s', async (typed, expected) => {
    const res = await saveContact(typed).expect(200);
    expect(res.body.value).toBe(expected);
    expect(await stored()).toBe(expected);
    // What the public site reads (it formats it and builds the tel: link with the same rule).
    const content = (await t.http.get('/api/content').expect(200)).body as { key: string; value: string }[];
    expect(content.find((c) => c.key === 'contact_phone')?.value).toBe(expected);
  });

  it.each([['015 322 1234'], ['014 322 123'], ['92001234'], ['0451234567'], ['هاتف الجمعية']])(
    'refuses %s with the field named and an Arabic message saying what is accepted, keeping the stored number',
    async (typed) => {
      await saveContact('0143221234').expect(200);
      const res = await saveContact(typed).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors)).toEqual(['contact_phone']);
      expect(res.body.errors.contact_phone).toContain('رقم الهاتف غير صحيح');
      expect(res.body.errors.contact_phone).toContain('920012345');
      expect(res.body.message).toBe(res.body.errors.contact_phone);
      expect(await stored()).toBe('0143221234');
    },
  );

  it("checks the auto-reply's phone1/phone2 by the same rule, naming the variable", async () => {
    const post = (key: string, value: string) => t.http.post('/api/admin/whatsapp/auto-response-variables').set(auth).send({ key, value });
    expect((await post('phone1', '014 322 1234').expect(200)).body.variables.phone1).toBe('0143221234');
    expect((await post('phone2', '9200 12345').expect(200)).body.variables.phone2).toBe('920012345');
    const bad = await post('phone2', '12345').expect(400);
    expect(Object.keys(bad.body.errors)).toEqual(['phone2']);
    expect(bad.body.errors.phone2).toContain('رقم الهاتف غير صحيح');
    const [{ value }] = await db.query(`SELECT value FROM system_settings WHERE key = 'auto_reply_phone2'`);
    expect(value).toBe('920012345');
  });
});
