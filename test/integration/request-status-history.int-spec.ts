import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { StatusHistoryEntry } from '../../src/shared/api/requests';
import { TestApp } from '../support/test-app';
import { TwilioWhatsApp } from '../support/webhooks';

// Every status change leaves a history row naming who made it; the desk and the host's page read it.

describe('request status history', () => {
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let auth: { authorization: string };

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(48_000_000);
    ({ t, db } = whatsapp);
    auth = { authorization: `Bearer ${whatsapp.token}` };
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  const history = async (id: number): Promise<StatusHistoryEntry[]> =>
    (await t.http.get(`/api/requests/${id}/history`).set(auth).expect(200)).body as StatusHistoryEntry[];

  it('records each change with the administrator, the time of the app clock and the cancellation reason, oldest first', async () => {
    const id = await whatsapp.insertRequest(whatsapp.nextPhone());
    expect(await history(id)).toEqual([]);

    t.clock.set('2026-05-01T07:00:00.000Z');
    await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'confirmed' }).expect(200);
    t.clock.set('2026-05-01T08:30:00.000Z');
    await t.http
      .patch(`/api/requests/${id}/status`)
      .set(auth)
      .send({ status: 'cancelled', cancellationReason: '  الحفل أُلغي  ' })
      .expect(200);
    // The same status again changes nothing and writes no row.
    await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'cancelled' }).expect(200);

    const rows = await history(id);
    expect(
      rows.map(({ fromStatus, toStatus, actorType, actorUsername, reason, createdAt }) => ({
        fromStatus,
        toStatus,
        actorType,
        actorUsername,
        reason,
        createdAt,
      })),
    ).toEqual([
      {
        fromStatus: 'received',
        toStatus: 'confirmed',
        actorType: 'admin',
        actorUsername: 'test-admin',
        reason: null,
        createdAt: '2026-05-01T07:00:00.000Z',
      },
      {
        fromStatus: 'confirmed',
        toStatus: 'cancelled',
        actorType: 'admin',
        actorUsername: 'test-admin',
        reason: 'الحفل أُلغي',
        createdAt: '2026-05-01T08:30:00.000Z',
      },
    ]);
  });

  it('records bulk changes per request, and keeps the history of an archived request', async () => {
    const a = await whatsapp.insertRequest(whatsapp.nextPhone());
    const b = await whatsapp.insertRequest(whatsapp.nextPhone(), 'reviewing');
    await t.http
      .post('/api/requests/bulk')
      .set(auth)
      .send({ ids: [a, b], action: 'status', status: 'completed' })
      .expect(200);
    expect((await history(a)).map((r) => `${r.fromStatus}>${r.toStatus}`)).toEqual(['received>completed']);
    expect((await history(b)).map((r) => `${r.fromStatus}>${r.toStatus}`)).toEqual(['reviewing>completed']);

    await t.http.delete(`/api/requests/${a}`).set(auth).send({ reason: 'تجربة' }).expect(200);
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM request_status_history WHERE request_id = $1`, [a])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('answers 400 in Arabic for a bad number and needs an administrator', async () => {
    const bad = await t.http.get('/api/requests/2147483648/history').set(auth).expect(400);
    expect(bad.body.message).toBe('رقم الطلب غير صحيح');
    await t.http.get('/api/requests/1/history').expect(401);
  });
});
