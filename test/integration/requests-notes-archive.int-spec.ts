import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { DeletedRequestRow, RequestNote, StatusHistoryEntry } from '../../src/shared/api/requests';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

// Internal notes (never sent to the host) and the archive of deleted requests with its restore.

const ARABIC = /[\u0600-\u06FF]/;
const TAG = `أرشيف${Date.now().toString(36)}`;
// Numbers of this file only: 0557 and six digits from a per-run start.
let phoneSeq = Date.now() % 900_000;
const nextPhone = () => `0557${String(++phoneSeq).padStart(6, '0')}`;

describe('request notes and the archive', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };

  async function seed(phone: string, status = 'received', eventDate = '2026-12-20', eventType = 'wedding', optIn = true): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name,
         organizer_phone, food_types, status, whatsapp_opt_in)
       VALUES ($1, 90, $2, '22:00', 'مبنى 3، ينبع', 'custom', $3, $4, '{}', $5, $6) RETURNING id`,
      [eventType, eventDate, `${TAG} ${phone}`, phone, status, optIn],
    );
    return row.id;
  }

  /** Outbox rows (notification groups) written for a request: what would reach the host on WhatsApp. */
  const outboxRows = async (id: number): Promise<number> =>
    (await db.query(`SELECT count(*)::int AS n FROM assurance_notification_groups WHERE form_id = $1`, [`request:${id}`]))[0].n;

  const archiveEntry = async (originalId: number): Promise<DeletedRequestRow> => {
    const res = await t.http
      .get('/api/admin/deleted-requests')
      .query({ filter: JSON.stringify({ q: `#${originalId}` }) })
      .set(auth)
      .expect(200);
    expect(res.body).toHaveLength(1);
    return res.body[0];
  };

  /** Counters per status (trigger-kept shards) against the table itself. */
  async function expectCountersRight(): Promise<void> {
    const counters = await db.query(`SELECT status, sum(n)::int AS n FROM request_status_counts GROUP BY status ORDER BY status`);
    const actual = await db.query(
      `SELECT s AS status, (SELECT count(*)::int FROM requests WHERE status = s) AS n
         FROM unnest('{cancelled,completed,confirmed,received,reviewing}'::varchar[]) s ORDER BY s`,
    );
    expect(counters).toEqual(actual);
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'archivist')).token}` };
  });
  afterAll(() => t.close());

  describe('internal notes', () => {
    it('keeps notes newest first with their author, and never writes a WhatsApp message for them', async () => {
      const id = await seed(nextPhone());
      t.clock.set('2026-05-01T07:00:00.000Z');
      const first = await t.http
        .post(`/api/requests/${id}/notes`)
        .set(auth)
        .send({ text: '  المنظم يفضّل الاتصال بعد العصر  ' })
        .expect(201);
      expect(first.body).toMatchObject({ requestId: id, text: 'المنظم يفضّل الاتصال بعد العصر', authorUsername: 'archivist' });
      t.clock.set('2026-05-01T08:00:00.000Z');
      await t.http.post(`/api/requests/${id}/notes`).set(auth).send({ text: 'الطعام في المطبخ الخلفي' }).expect(201);

      const notes = (await t.http.get(`/api/requests/${id}/notes`).set(auth).expect(200)).body as RequestNote[];
      expect(notes.map((n) => [n.text, n.createdAt])).toEqual([
        ['الطعام في المطبخ الخلفي', '2026-05-01T08:00:00.000Z'],
        ['المنظم يفضّل الاتصال بعد العصر', '2026-05-01T07:00:00.000Z'],
      ]);
      // The host agreed to WhatsApp, yet a note writes no outbox row; a status change (the control) does.
      expect(await outboxRows(id)).toBe(0);
      await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'confirmed' }).expect(200);
      expect(await outboxRows(id)).toBe(1);
      await t.http.post(`/api/requests/${id}/notes`).set(auth).send({ text: 'تأكد السائق' }).expect(201);
      expect(await outboxRows(id)).toBe(1);
      const [log] = await db.query(`SELECT metadata FROM activity_logs WHERE action = 'request_note_added' AND entity_id = $1 LIMIT 1`, [
        String(id),
      ]);
      expect(log.metadata).toMatchObject({ by: 'archivist' });
      // The activity log names the note, it does not copy it.
      expect(JSON.stringify(log.metadata)).not.toContain('المطبخ');
    });

    it('refuses an empty or too long note in Arabic, a missing request with 404, and a caller without a session', async () => {
      const id = await seed(nextPhone());
      const blank = await t.http.post(`/api/requests/${id}/notes`).set(auth).send({ text: '   ' }).expect(400);
      expect(blank.body.errors.text).toBe('اكتب نص الملاحظة');
      const long = await t.http
        .post(`/api/requests/${id}/notes`)
        .set(auth)
        .send({ text: 'ن'.repeat(1001) })
        .expect(400);
      expect(long.body.errors.text).toMatch(ARABIC);
      await t.http.post(`/api/requests/${id}/notes`).set(auth).send({}).expect(400);
      expect((await t.http.post('/api/requests/2000000000/notes').set(auth).send({ text: 'x' }).expect(404)).body.message).toMatch(ARABIC);
      await t.http.get(`/api/requests/${id}/notes`).expect(401);
      await t.http.post(`/api/requests/${id}/notes`).send({ text: 'x' }).expect(401);
    });
  });

  describe('the archive', () => {
    it('lists a deleted request with who deleted it, when and why, and restores it with its number, history and notes', async () => {
      const id = await seed(nextPhone());
      await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'reviewing' }).expect(200);
      await t.http.post(`/api/requests/${id}/notes`).set(auth).send({ text: 'ملاحظة قبل الحذف' }).expect(201);
      t.clock.set('2026-05-02T10:00:00.000Z');
      await t.http.delete(`/api/requests/${id}`).set(auth).send({ reason: 'حُذف بالخطأ' }).expect(200);
      await expectCountersRight();

      const list = await t.http.get('/api/admin/deleted-requests').query({ range: '[0,9]' }).set(auth).expect(200);
      expect(list.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);
      const entry = await archiveEntry(id);
      expect(entry).toMatchObject({
        originalId: id,
        deletedBy: 'archivist',
        deletionReason: 'حُذف بالخطأ',
        status: 'reviewing',
        statusLabel: 'قيد المراجعة',
        organizerName: expect.stringContaining(TAG),
      });
      expect(entry.deletedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const restored = await t.http.post(`/api/admin/deleted-requests/${entry.id}/restore`).set(auth).expect(200);
      expect(restored.body).toMatchObject({ success: true, request: { id, status: 'reviewing' } });
      expect(restored.body.message).toBe(`تمت استعادة الطلب #${id} إلى قائمة الطلبات`);
      expect((await t.http.get(`/api/requests/${id}`).set(auth).expect(200)).body.organizerName).toContain(TAG);
      const history = (await t.http.get(`/api/requests/${id}/history`).set(auth).expect(200)).body as StatusHistoryEntry[];
      expect(history.map((h) => h.toStatus)).toEqual(['reviewing']);
      const notes = (await t.http.get(`/api/requests/${id}/notes`).set(auth).expect(200)).body as RequestNote[];
      expect(notes.map((n) => n.text)).toEqual(['ملاحظة قبل الحذف']);
      expect(await db.query(`SELECT id FROM deleted_requests WHERE id = $1`, [entry.id])).toEqual([]);
      const [log] = await db.query(`SELECT metadata FROM activity_logs WHERE action = 'request_restored' AND entity_id = $1`, [String(id)]);
      expect(log.metadata).toMatchObject({ by: 'archivist', archiveId: entry.id });
      await expectCountersRight();

      // Restored once: the entry is gone.
      const again = await t.http.post(`/api/admin/deleted-requests/${entry.id}/restore`).set(auth).expect(404);
      expect(again.body.message).toMatch(ARABIC);
      // New requests still get new numbers after a restore.
      expect(await seed(nextPhone())).toBeGreaterThan(id);
    });

    it('refuses to restore an active request when its host already has two active requests (the two-active rule)', async () => {
      const phone = nextPhone();
      const archived = await seed(phone, 'confirmed', '2026-12-01');
      await t.http.delete(`/api/requests/${archived}`).set(auth).expect(200);
      await seed(phone, 'received', '2026-12-05');
      await seed(phone, 'reviewing', '2026-12-06');
      const entry = await archiveEntry(archived);
      const refused = await t.http.post(`/api/admin/deleted-requests/${entry.id}/restore`).set(auth).expect(409);
      expect(refused.body).toMatchObject({ code: 'ACTIVE_REQUESTS_LIMIT', details: { activeRequestsCount: 2 } });
      expect(refused.body.message).toBe(
        `لا يمكن استعادة الطلب #${archived}: لصاحبه طلبان نشطان، والحد الأقصى طلبان نشطان في الوقت نفسه. أكمل أحدهما أو ألغه ثم أعد المحاولة`,
      );
      expect(await db.query(`SELECT id FROM requests WHERE id = $1`, [archived])).toEqual([]);
      await expectCountersRight();

      // A completed request adds no active one: it comes back even now.
      const done = await seed(phone, 'completed', '2026-11-01');
      await t.http.delete(`/api/requests/${done}`).set(auth).expect(200);
      await t.http
        .post(`/api/admin/deleted-requests/${(await archiveEntry(done)).id}/restore`)
        .set(auth)
        .expect(200);
      await expectCountersRight();
    });

    it('refuses to restore over an active request of the same host, event type and date (a duplicate)', async () => {
      const phone = nextPhone();
      const archived = await seed(phone, 'received', '2026-12-10', 'graduation');
      await t.http.delete(`/api/requests/${archived}`).set(auth).expect(200);
      const existing = await seed(phone, 'received', '2026-12-10', 'graduation');
      const refused = await t.http
        .post(`/api/admin/deleted-requests/${(await archiveEntry(archived)).id}/restore`)
        .set(auth)
        .expect(409);
      expect(refused.body).toMatchObject({ code: 'DUPLICATE_REQUEST', details: { existingRequestId: existing } });
      expect(refused.body.message).toContain(`#${existing}`);
    });

    it('refuses to restore an active pickup onto a date whose daily capacity is full, and restores it once a place is free', async () => {
      const date = '2027-01-14';
      const archived = await seed(nextPhone(), 'confirmed', date);
      await t.http.delete(`/api/requests/${archived}`).set(auth).expect(200);
      const others = [await seed(nextPhone(), 'received', date), await seed(nextPhone(), 'reviewing', date)];
      await t.http.put('/api/admin/pickup-capacity').set(auth).send({ maxPerDay: 2 }).expect(200);
      try {
        const entry = await archiveEntry(archived);
        const refused = await t.http.post(`/api/admin/deleted-requests/${entry.id}/restore`).set(auth).expect(409);
        expect(refused.body).toMatchObject({ code: 'DATE_FULL', details: { date, maxPerDay: 2 } });
        expect(refused.body.message).toContain(`لا يمكن استعادة الطلب #${archived}: اكتمل جدول الاستلام في`);
        expect(await db.query(`SELECT id FROM requests WHERE id = $1`, [archived])).toEqual([]);

        // A cancelled pickup frees its place.
        await t.http.patch(`/api/requests/${others[0]}/status`).set(auth).send({ status: 'cancelled' }).expect(200);
        await t.http.post(`/api/admin/deleted-requests/${entry.id}/restore`).set(auth).expect(200);
        await expectCountersRight();
      } finally {
        await t.http.put('/api/admin/pickup-capacity').set(auth).send({ maxPerDay: null }).expect(200);
      }
    });

    it('lets only one of two restores at the same moment take the host’s last active place', async () => {
      const phone = nextPhone();
      const a = await seed(phone, 'received', '2026-12-11');
      const b = await seed(phone, 'received', '2026-12-12');
      await t.http.delete(`/api/requests/${a}`).set(auth).expect(200);
      await t.http.delete(`/api/requests/${b}`).set(auth).expect(200);
      await seed(phone, 'received', '2026-12-13');
      const [ea, eb] = [await archiveEntry(a), await archiveEntry(b)];
      const answers = await Promise.all([
        t.http.post(`/api/admin/deleted-requests/${ea.id}/restore`).set(auth),
        t.http.post(`/api/admin/deleted-requests/${eb.id}/restore`).set(auth),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM requests WHERE organizer_phone = $1 AND status = 'received'`, [phone]);
      expect(n).toBe(2);
      await expectCountersRight();
    });

    it('answers in Arabic for a bad list parameter, a bad number and without a session', async () => {
      const sort = await t.http.get('/api/admin/deleted-requests').query({ sort: '["password","ASC"]' }).set(auth).expect(400);
      expect(sort.body.message).toMatch(ARABIC);
      await t.http.get('/api/admin/deleted-requests').query({ filter: '{"status":"x"}' }).set(auth).expect(400);
      await t.http.post('/api/admin/deleted-requests/abc/restore').set(auth).expect(400);
      await t.http.post('/api/admin/deleted-requests/2000000000/restore').set(auth).expect(404);
      await t.http.get('/api/admin/deleted-requests').expect(401);
      await t.http.post('/api/admin/deleted-requests/1/restore').expect(401);
    });
  });
});
