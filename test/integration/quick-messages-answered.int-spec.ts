import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { QuickMessageItem } from '../../src/shared/api/quick-messages';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

/** Quick messages' answered state, the list's "not answered" filter and linking a message to a request (decisions.md, wave 3). */
describe('quick messages: answered state and linked request', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  /** This file's messages, oldest first. */
  const ids: number[] = [];
  let requestId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'qm-answered-admin')).token}` };
    await db.query('DELETE FROM quick_messages');
    for (let i = 0; i < 4; i++) {
      const [row] = await db.query(
        `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, created_at)
         VALUES ($1, $2, 'استفسار عام', 'أخرى', $3, 'sent', now() - make_interval(mins => $4)) RETURNING id`,
        [`مرسل ${i}`, `05710000${String(i).padStart(2, '0')}`, `سؤال رقم ${i}`, 10 - i],
      );
      ids.push(row.id);
    }
    [{ id: requestId }] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
       VALUES ('wedding', 80, '2026-12-01', '22:00', 'ينبع', 'custom', 'منظم الاختبار', '0571000099', 'received') RETURNING id`,
    );
  });
  afterAll(async () => {
    await db?.query('DELETE FROM quick_messages WHERE id = ANY($1)', [ids]);
    if (requestId) await db?.query('DELETE FROM requests WHERE id = $1', [requestId]);
    await t.close();
  });

  const list = (filter?: Record<string, unknown>) =>
    t.http
      .get('/api/admin/quick-messages')
      .query(filter ? { filter: JSON.stringify(filter) } : {})
      .set(auth)
      .expect(200);
  const idsOf = (body: QuickMessageItem[]) => body.map((m) => m.id);
  const patch = (id: number, body: Record<string, unknown>) => t.http.patch(`/api/admin/quick-messages/${id}`).set(auth).send(body);

  it("answers a message with the administrator's reply: it leaves the «not answered» list", async () => {
    expect(idsOf((await list({ answered: false })).body)).toEqual([...ids].reverse());
    await t.http.post(`/api/admin/quick-messages/${ids[1]}/reply`).set(auth).send({ reply: 'تم استلام طلبكم.' }).expect(200);
    const unanswered = await list({ answered: false });
    expect(idsOf(unanswered.body)).toEqual([ids[3], ids[2], ids[0]]);
    expect(unanswered.headers['content-range']).toBe('items 0-2/3');
    const answered = (await list({ answered: true })).body as QuickMessageItem[];
    expect(answered).toEqual([
      expect.objectContaining({ id: ids[1], answered: true, answeredAt: expect.any(String), adminReply: 'تم استلام طلبكم.' }),
    ]);
    // With no filter every message is listed.
    expect(idsOf((await list()).body)).toHaveLength(4);
    expect((await t.http.get('/api/admin/quick-messages/stats').set(auth).expect(200)).body.unanswered).toBe(3);
  });

  it('marks a message answered by hand and back, with the time it was answered', async () => {
    const done = await patch(ids[0], { answered: true }).expect(200);
    expect(done.body.message).toBe('تم تحديد الرسالة كمُجاب عنها');
    expect(done.body.item).toMatchObject({ id: ids[0], answered: true, answeredAt: expect.any(String) });
    expect(idsOf((await list({ answered: false })).body)).toEqual([ids[3], ids[2]]);
    const [row] = await db.query('SELECT answered, answered_at FROM quick_messages WHERE id = $1', [ids[0]]);
    expect(row.answered).toBe(true);
    expect(row.answered_at).toBeInstanceOf(Date);
    const undone = await patch(ids[0], { answered: false }).expect(200);
    expect(undone.body.item).toMatchObject({ answered: false, answeredAt: null });
    expect(idsOf((await list({ answered: false })).body)).toEqual([ids[3], ids[2], ids[0]]);
    // A change of state is in the activity log, named in Arabic.
    const [log] = await db.query(
      `SELECT action FROM activity_logs WHERE entity_type = 'quick_message' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(ids[0])],
    );
    expect(log?.action).toBe('quick_message_updated');
  });

  it('links a message to a request by its number once the server has found it, shows the number, and unlinks', async () => {
    const missing = await patch(ids[2], { requestId: 2_000_000_000 }).expect(400);
    expect(missing.body.errors).toEqual({ requestId: 'لا يوجد طلب برقم #2000000000' });
    expect((await db.query('SELECT request_id FROM quick_messages WHERE id = $1', [ids[2]]))[0].request_id).toBeNull();

    const linked = await patch(ids[2], { requestId }).expect(200);
    expect(linked.body.message).toBe(`تم ربط الرسالة بالطلب #${requestId}`);
    expect(linked.body.item).toMatchObject({ id: ids[2], requestId });
    const shown = ((await list()).body as QuickMessageItem[]).find((m) => m.id === ids[2]);
    expect(shown?.requestId).toBe(requestId);

    await patch(ids[2], { requestId: null }).expect(200);
    expect((await db.query('SELECT request_id FROM quick_messages WHERE id = $1', [ids[2]]))[0].request_id).toBeNull();
  });

  it.each([
    [{}, 'answered'],
    [{ answered: 'yes' }, 'answered'],
    [{ requestId: 'abc' }, 'requestId'],
    [{ requestId: 0 }, 'requestId'],
    [{ requestId: 1.5 }, 'requestId'],
    [{ requestId: 2 ** 31 }, 'requestId'],
    [{ status: 'sent' }, 'status'],
  ])('refuses %j with an Arabic message on the field', async (body, field) => {
    const res = await patch(ids[3], body).expect(400);
    expect(res.body.errors[field]).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers 404 for an unknown message and 401 without a session', async () => {
    await patch(2_000_000_000, { answered: true }).expect(404);
    await t.http.patch(`/api/admin/quick-messages/${ids[3]}`).send({ answered: true }).expect(401);
  });
});
