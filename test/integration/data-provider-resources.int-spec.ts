import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { DataSource } from 'typeorm';
import { ADMIN_RESOURCE_PATHS } from '../../src/shared/api/resource-paths';
import type { GovernanceCard, Sticker, UploadTicket } from '../../src/shared/api/content-admin';
import { signInAdmin } from '../support/admin-session';
import { pdf, png } from '../support/sample-files';
import { ownDatabase } from '../support/own-database';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

// The admin's resources through react-admin's own simple-REST provider (not the app's wrapper): each
// answers getList, getOne and getMany, so any react-admin view (Show, Edit, ReferenceField) works on it.
const RESOURCES: Record<string, string> = ADMIN_RESOURCE_PATHS;
/** The field each list is sorted by on screen. */
const SORT: Record<string, string> = {
  'deleted-requests': 'deletedAt',
  certificates: 'issuedAt',
  'login-attempts': 'attemptedAt',
  stickers: 'sortOrder',
  'governance-cards': 'displayOrder',
};

describe("react-admin's simple-REST provider on every admin resource", () => {
  let t: TestApp;
  let db: DataSource;
  let provider: DataProvider;
  let auth: Record<string, string>;
  /** One id of each resource, made by this file. */
  const made: Record<string, number> = {};
  // A database of its own: an open alert, an active emergency code and a completed request would show
  // in other files' counts.
  let own: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    own = await ownDatabase('provider');
    t = await createTestApp({ env: { DATABASE_URL: own.url, REDIS_PREFIX: `${testState().redisPrefix}:provider` } });
    db = t.app.get(DataSource);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const session = await signInAdmin(t.app, 'provider-admin');
    auth = { authorization: `Bearer ${session.token}`, 'user-agent': 'jest' };
    // The resource name is the path under /api (as the admin's own provider maps them).
    provider = simpleRestProvider(`${base}/api`, (url, options = {}) =>
      fetchUtils.fetchJson(url, { ...options, headers: new Headers({ Accept: 'application/json', ...auth }) }),
    );

    const insertRequest = async (name: string, status: string) =>
      (
        await db.query(
          `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status)
           VALUES ('wedding', 80, '2026-02-10', '22:00', 'ينبع', 'custom', $1, '0559888777', '{}', $2) RETURNING id`,
          [name, status],
        )
      )[0].id as number;
    made.requests = await insertRequest('مزود البيانات', 'completed');
    // A completed request's certificate is issued on its first download.
    await t.http.get(`/api/admin/requests/${made.requests}/certificate`).set(auth).expect(200);
    [{ id: made.certificates }] = await db.query(`SELECT id FROM certificates WHERE request_id = $1`, [made.requests]);
    const archived = await insertRequest('مزود البيانات محذوف', 'cancelled');
    await t.http.delete(`/api/requests/${archived}`).set(auth).send({ reason: 'تجربة' }).expect(200);
    [{ id: made['deleted-requests'] }] = await db.query(`SELECT id FROM deleted_requests WHERE original_id = $1`, [archived]);
    [{ id: made['quick-messages'] }] = await db.query(
      `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status)
       VALUES ('مزود', '0559888776', 'استفسار عام', 'موضوع', 'نص', 'sent') RETURNING id`,
    );
    made['impact-reports'] = (
      await t.http
        .post('/api/admin/impact-reports')
        .set(auth)
        .send({ title: 'تقرير مزود البيانات', periodType: 'monthly', startDate: '2026-02-01', endDate: '2026-02-28' })
        .expect(201)
    ).body.id;
    [{ id: made['login-attempts'] }] = await db.query(
      `INSERT INTO login_attempts (username, success, failure_reason, ip_address, country, country_code, attempted_at)
       VALUES ('provider-user', false, 'invalid_password', '10.9.9.9', 'Saudi Arabia', 'SA', now()) RETURNING id`,
    );
    [{ id: made['security-alerts'] }] = await db.query(
      `INSERT INTO security_alerts (alert_type, severity, username, ip_address, description, resolved, created_at)
       VALUES ('failed_login', 'low', 'provider-user', '10.9.9.9', 'تجربة', false, now()) RETURNING id`,
    );
    made.stickers = (
      await provider.create<Sticker>(RESOURCES.stickers, {
        data: { objectPath: await upload('stickers', 'image/png', png(6, 4)), originalName: 'ملصق.png' },
      })
    ).data.id;
    made['governance-cards'] = (
      await provider.create<GovernanceCard>(RESOURCES['governance-cards'], { data: { title: 'وثيقة مزود البيانات' } })
    ).data.id;
    made.volunteers = (
      await provider.create(RESOURCES.volunteers, { data: { name: 'متطوع مزود البيانات', whatsapp: '0551230001', consent: true } })
    ).data.id as number;
    made['emergency-codes'] = (
      await t.http
        .post('/api/admin/emergency-access-codes')
        .set(auth)
        .send({ securityQuestion: 'ما لون الباب؟', securityAnswer: 'أخضر' })
        .expect(201)
    ).body.id;
  });
  /** The spec's upload: a signed link, then the file PUT to it; answers the objectPath the record call sends. */
  async function upload(kind: 'stickers' | 'governance', contentType: string, body: Buffer): Promise<string> {
    const ticket: UploadTicket = (await t.http.post(`/api/admin/${kind}/upload-url`).set(auth).send({ contentType }).expect(200)).body;
    await t.http.put(ticket.uploadURL).set('content-type', contentType).send(body).expect(200);
    return ticket.objectPath;
  }

  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  for (const [resource, path] of Object.entries(RESOURCES)) {
    it(`${resource}: getList, getOne and getMany answer the same row`, async () => {
      const id = made[resource];
      const list = await provider.getList(path, {
        pagination: { page: 1, perPage: 5 },
        sort: { field: SORT[resource] ?? 'createdAt', order: 'DESC' },
        filter: {},
      });
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.total).toBeGreaterThanOrEqual(list.data.length);
      const one = await provider.getOne(path, { id });
      expect(one.data.id).toBe(id);
      const many = await provider.getMany(path, { ids: [id] });
      expect(many.data).toEqual([one.data]);
      // An id that is not there: 404 in Arabic; one past int4: 400 in Arabic, never a 500.
      for (const [missing, status] of [
        [2_000_000_000, 404],
        [2_147_483_648, 400],
      ] as const) {
        const res = await t.http.get(`/api/${path}/${missing}`).set(auth);
        expect({ resource, missing, status: res.status }).toEqual({ resource, missing, status });
        expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
      }
    });
  }

  it('stickers: create, update (the edit and the list switch) and delete round trips through the provider', async () => {
    const path = RESOURCES.stickers;
    const objectPath = await upload('stickers', 'image/png', png(12, 10));
    const created = await provider.create<Sticker>(path, { data: { objectPath, originalName: 'شكر.png', description: ' شكراً ' } });
    expect(created.data).toMatchObject({ originalName: 'شكر.png', description: 'شكراً', width: 12, height: 10, isActive: true });
    const { id } = created.data;
    expect((await provider.getOne<Sticker>(path, { id })).data).toEqual({ ...created.data, url: expect.any(String) });

    const edited = await provider.update<Sticker>(path, { id, data: { description: 'ملصق', sortOrder: 7 }, previousData: created.data });
    expect(edited.data).toMatchObject({ id, description: 'ملصق', sortOrder: 7, isActive: true });
    const off = await provider.update<Sticker>(path, { id, data: { isActive: false }, previousData: edited.data });
    expect(off.data).toMatchObject({ id, sortOrder: 7, isActive: false });
    expect((await provider.getOne<Sticker>(path, { id })).data.isActive).toBe(false);

    const removed = await provider.delete<Sticker>(path, { id, previousData: off.data });
    expect(removed.data).toMatchObject({ id, originalName: 'شكر.png' });
    expect(await db.query(`SELECT 1 FROM sticker_images WHERE id = $1`, [id])).toHaveLength(0);
    await expect(provider.getOne(path, { id })).rejects.toMatchObject({ status: 404 });
  });

  it('stickers: a record without its upload, or an edit of a bad field, is refused in Arabic naming the field', async () => {
    const path = RESOURCES.stickers;
    const missing = await t.http.post(`/api/${path}`).set(auth).send({ originalName: 'x.png' }).expect(400);
    expect(missing.body.errors.objectPath).toMatch(/[\u0600-\u06FF]/);
    const badState = await t.http.put(`/api/${path}/${made.stickers}`).set(auth).send({ isActive: 'yes' }).expect(400);
    expect(badState.body.errors.isActive).toMatch(/[\u0600-\u06FF]/);
    await t.http.put(`/api/${path}/2147483648`).set(auth).send({ description: 'x' }).expect(400);
    await t.http.delete(`/api/${path}/0`).set(auth).expect(400);
  });

  it('governance-cards: create with a document, update, remove the file, and delete round trips', async () => {
    const path = RESOURCES['governance-cards'];
    const created = await provider.create<GovernanceCard>(path, {
      data: {
        title: 'اللائحة',
        description: 'لائحة الجمعية',
        objectPath: await upload('governance', 'application/pdf', pdf()),
        fileName: 'اللائحة.pdf',
      },
    });
    const { id } = created.data;
    expect(created.data).toMatchObject({
      title: 'اللائحة',
      fileName: 'اللائحة.pdf',
      fileType: 'application/pdf',
      displayOrder: 0,
      isActive: true,
    });
    expect(created.data.fileUrl).toBe(`/api/governance/${id}/file`);
    expect((await provider.getOne<GovernanceCard>(path, { id })).data).toEqual(created.data);

    const edited = await provider.update<GovernanceCard>(path, {
      id,
      data: { title: 'اللائحة الأساسية', content: 'نص', displayOrder: 3, isActive: false },
      previousData: created.data,
    });
    expect(edited.data).toMatchObject({
      id,
      title: 'اللائحة الأساسية',
      content: 'نص',
      displayOrder: 3,
      isActive: false,
      fileName: 'اللائحة.pdf',
    });
    const withoutFile = await provider.update<GovernanceCard>(path, { id, data: { removeFile: true }, previousData: edited.data });
    expect(withoutFile.data).toMatchObject({ id, fileUrl: null, fileName: null });

    const blank = await t.http.put(`/api/${path}/${id}`).set(auth).send({ title: '  ' }).expect(400);
    expect(blank.body.errors.title).toBe('عنوان البطاقة مطلوب');

    const removed = await provider.delete<GovernanceCard>(path, { id, previousData: withoutFile.data });
    expect(removed.data).toMatchObject({ id, title: 'اللائحة الأساسية' });
    await expect(provider.getOne(path, { id })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a getMany past 100 ids, or ids that are not whole numbers, naming the field', async () => {
    for (const ids of [Array.from({ length: 101 }, (_, i) => i + 1), ['x'], [0], [2 ** 31]]) {
      const res = await t.http
        .get(`/api/security/alerts?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`)
        .set(auth)
        .expect(400);
      expect(res.body.errors.id).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('needs an administrator session for every one of them', async () => {
    for (const path of Object.values(RESOURCES)) await t.http.get(`/api/${path}/1`).expect(401);
  });
});
