import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;

/** GET /api/admin/quick-messages on the list convention, and its stats (spec: admin-side, Quick messages). */
describe('GET /api/admin/quick-messages (paged list and stats)', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: Record<string, string>;
  /** Ids of this file's 30 messages, oldest first. */
  const ids: number[] = [];
  const statusOf = (i: number) => (['sent', 'delivered', 'failed', 'pending'] as const)[i % 4];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'qm-list-admin')).token}` };
    await db.query('DELETE FROM quick_messages');
    for (let i = 0; i < 30; i++) {
      const [row] = await db.query(
        `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, admin_reply, created_at)
         VALUES ($1, $2, 'استفسار عام', 'أخرى', $3, $4, $5, now() - make_interval(mins => $6)) RETURNING id`,
        [
          i === 7 ? 'نورة العتيبي' : `مرسل ${i}`,
          `05700000${String(i).padStart(2, '0')}`,
          i === 11 ? 'هل تقبلون 100% من الطعام المتبقي؟' : `رسالة رقم ${i}`,
          statusOf(i),
          i % 5 === 0 ? 'شكراً لتواصلكم' : null,
          30 - i,
        ],
      );
      ids.push(row.id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (query: Record<string, unknown> = {}) =>
    t.http
      .get('/api/admin/quick-messages')
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))
      .set(auth);
  const idsOf = (body: { id: number }[]) => body.map((m) => m.id);
  const newestFirst = () => [...ids].reverse();

  it('answers pages of 25 newest first with Content-Range, and the page asked for', async () => {
    const first = await list().expect(200);
    expect(first.headers['content-range']).toBe('items 0-24/30');
    expect(idsOf(first.body)).toEqual(newestFirst().slice(0, 25));
    expect(first.body[0]).toEqual({
      id: ids[29],
      requestId: null,
      phoneNumber: '0570000029',
      senderName: 'مرسل 29',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      originalMessage: 'رسالة رقم 29',
      inquiryType: 'استفسار عام',
      inquirySubject: 'أخرى',
      status: 'delivered',
      adminReply: null,
      repliedAt: null,
      replyStatus: null,
      replyErrorMessage: null,
      errorMessage: null,
      answered: false,
      answeredAt: null,
    });
    const second = await list({ range: [25, 49] }).expect(200);
    expect(second.headers['content-range']).toBe('items 25-29/30');
    expect(idsOf(second.body)).toEqual(newestFirst().slice(25));
    const oldest = await list({ sort: ['id', 'ASC'], range: [0, 2] }).expect(200);
    expect(idsOf(oldest.body)).toEqual(ids.slice(0, 3));
  });

  it('filters by the stats groups (delivered counts as sent), by reply, by ids, and searches number, phone and text', async () => {
    const sent = await list({ filter: { status: 'sent' }, range: [0, 99] }).expect(200);
    expect(sent.headers['content-range']).toBe('items 0-15/16');
    expect(new Set(sent.body.map((m: { status: string }) => m.status))).toEqual(new Set(['sent', 'delivered']));
    expect((await list({ filter: { status: 'failed' } })).headers['content-range']).toBe('items 0-6/7');
    expect((await list({ filter: { status: 'pending' } })).headers['content-range']).toBe('items 0-6/7');

    const replied = await list({ filter: { replied: true } }).expect(200);
    expect(idsOf(replied.body)).toEqual([25, 20, 15, 10, 5, 0].map((i) => ids[i]));
    expect((await list({ filter: { replied: false } })).headers['content-range']).toBe('items 0-23/24');
    expect(idsOf((await list({ filter: { id: [ids[3], ids[4]] } })).body)).toEqual([ids[4], ids[3]]);

    expect(idsOf((await list({ filter: { q: `#${ids[12]}` } })).body)).toEqual([ids[12]]);
    expect(idsOf((await list({ filter: { q: '+966 57 000 0009' } })).body)).toEqual([ids[9]]);
    expect(idsOf((await list({ filter: { q: '٠٥٧٠٠٠٠٠٠٨' } })).body)).toEqual([ids[8]]);
    expect(idsOf((await list({ filter: { q: 'العتيبي' } })).body)).toEqual([ids[7]]);
    // Text of the message too, with LIKE's wildcards taken literally.
    expect(idsOf((await list({ filter: { q: '100%' } })).body)).toEqual([ids[11]]);
    expect((await list({ filter: { q: '%' } })).body.map((m: { id: number }) => m.id)).toEqual([ids[11]]);
    const none = await list({ filter: { q: 'لا يوجد هذا النص' } }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('items 0-0/0');
  });

  it('answers the stats cards over every message, whatever page is shown', async () => {
    const stats = await t.http.get('/api/admin/quick-messages/stats').set(auth).expect(200);
    // Replies written straight into the table (not through the reply call) leave them unanswered.
    expect(stats.body).toEqual({ total: 30, sent: 16, failed: 7, pending: 7, unanswered: 30 });
  });

  it.each([
    [{ sort: ['senderPhone', 'ASC'] }, 'sort'],
    [{ sort: ['createdAt', 'UP'] }, 'sort'],
    [{ range: [0, 500] }, 'range'],
    [{ range: 'not-json' }, 'range'],
    [{ filter: { errorMessage: 'x' } }, 'filter'],
    [{ filter: { status: 'delivered' } }, 'status'],
    [{ filter: { replied: 'yes' } }, 'replied'],
    [{ filter: { answered: 'no' } }, 'answered'],
    [{ filter: { id: [0] } }, 'id'],
    [{ filter: { q: 'a\u0000b' } }, 'filter'],
    [{ filter: { q: '\ud800' } }, 'filter'],
  ])('answers 400 in Arabic naming the parameter for %j', async (query, field) => {
    const res = await list(query).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[field]).toMatch(ARABIC);
  });

  it("answers one message as the list shows it (react-admin's getOne), 404 in Arabic for an unknown one", async () => {
    const listed = (await list({ filter: { id: [ids[11]] } }).expect(200)).body[0];
    const one = await t.http.get(`/api/admin/quick-messages/${ids[11]}`).set(auth).expect(200);
    expect(one.body).toEqual(listed);
    expect(one.body.originalMessage).toBe('هل تقبلون 100% من الطعام المتبقي؟');
    const unknown = await t.http.get('/api/admin/quick-messages/2147483000').set(auth).expect(404);
    expect(unknown.body.message).toBe('الرسالة السريعة غير موجودة');
    const bad = await t.http.get('/api/admin/quick-messages/2147483648').set(auth).expect(400);
    expect(bad.body.message).toMatch(ARABIC);
    await t.http.get(`/api/admin/quick-messages/${ids[11]}`).expect(401);
  });

  it('needs an administrator session for the list and the stats', async () => {
    const anon = await t.http.get('/api/admin/quick-messages').expect(401);
    expect(anon.body.message).toMatch(ARABIC);
    await t.http.get('/api/admin/quick-messages/stats').expect(401);
  });
});
