import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { SelfServiceView } from '../../src/shared/api/self-service';
import { signInAdmin } from '../support/admin-session';
import { MetaDouble, MetaDoubleMessage } from '../support/meta-double';
import { MetaWhatsApp } from '../support/meta-webhooks';
import { messagesSettled, riyadh, sha256, submitRequest } from '../support/self-service';
import { waitFor } from '../support/wait-for';

// The host's link through Meta's Cloud API: the URL button's parameter of the confirmation and of every
// status update, the cancellation's notices, and «حالة» answered as free text.

const ADMIN = '+966500004601';

/** The dynamic suffix a template message gave its URL button (index 0). */
function buttonSuffix(message: MetaDoubleMessage): string | undefined {
  const button = message.template?.components.find((c) => c.type === 'button' && c.sub_type === 'url' && c.index === '0');
  return button?.parameters?.[0]?.text;
}

describe("the host's own page (Meta)", () => {
  let whatsapp: MetaWhatsApp;
  let db: DataSource;
  let double: MetaDouble;

  beforeAll(async () => {
    whatsapp = await MetaWhatsApp.start(51_000_000, { ADMIN_WHATSAPP_NUMBERS: ADMIN, RATE_LIMIT_REQUESTS_PER_MINUTE: '1000' });
    ({ db, double } = whatsapp);
    whatsapp.clock.set(riyadh('2026-12-10T10:00:00'));
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  const templatesTo = (phone: string, name: string) => double.sentTo(phone).filter((m) => m.template?.name === name);

  it('gives the link as the URL button parameter of the confirmation and of every status update, and cancels with the notices', async () => {
    const phone = whatsapp.nextPhone();
    const id = await submitRequest(whatsapp.t, db, '0' + phone.slice(4));
    const confirmation = await waitFor(() => templatesTo(phone, 'request_confirmation')[0]);
    const link = buttonSuffix(confirmation)!;
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await db.query(`SELECT self_service_token_hash AS h FROM requests WHERE id = $1`, [id]))[0].h).toBe(sha256(link));
    expect(confirmation.template!.components.find((c) => c.type === 'body')!.parameters).toHaveLength(6);

    await whatsapp.t.http
      .patch(`/api/requests/${id}/status`)
      .set({ authorization: `Bearer ${(await signInAdmin(whatsapp.t.app)).token}` })
      .send({ status: 'confirmed' })
      .expect(200);
    const update = await waitFor(() => templatesTo(phone, 'request_status_update')[0]);
    expect(buttonSuffix(update)).toBe(link);
    expect(((await whatsapp.t.http.get(`/api/self-service/${link}`).expect(200)).body as SelfServiceView).status).toBe('confirmed');

    await messagesSettled(db, id);
    const cancelled = await whatsapp.t.http.post(`/api/self-service/${link}/cancel`).send({ reason: 'ظرف طارئ' });
    expect(cancelled.status).toBe(200);
    const bodyOf = (m: MetaDoubleMessage) => m.template!.components.find((c) => c.type === 'body')!.parameters!.map((p) => p.text);
    const notice = await waitFor(() => templatesTo(ADMIN, 'request_cancelled_by_host').find((m) => bodyOf(m)[0] === String(id)));
    const body = bodyOf(notice);
    expect(body).toHaveLength(7);
    expect(body[6]).toBe('ظرف طارئ');
    const updates = await waitFor(
      () => templatesTo(phone, 'request_status_update').length === 2 && templatesTo(phone, 'request_status_update'),
    );
    expect(buttonSuffix(updates[1])).toBe(link);
    await messagesSettled(db, id);
    const attempts = await db.query(
      `SELECT a.status FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id WHERE g.form_id = $1`,
      [`request:${id}`],
    );
    // newRequest, requestConfirmation, two statusUpdates, hostCancelled: Meta accepted every one.
    expect(attempts.map((a: { status: string }) => a.status)).toEqual(Array(5).fill('sent'));
  });

  it('answers «حالة» from the inbound webhook with the status and the link as a text message', async () => {
    const phone = whatsapp.nextPhone();
    const id = await submitRequest(whatsapp.t, db, '0' + phone.slice(4));
    const link = buttonSuffix(await waitFor(() => templatesTo(phone, 'request_confirmation')[0]))!;
    await messagesSettled(db, id);
    expect((await whatsapp.inbound(phone, 'حالة الطلب')).status).toBe(200);
    const answer = await waitFor(() => double.sentTo(phone).find((m) => m.type === 'text'));
    expect(answer.text).toContain(`#${id}`);
    expect(answer.text).toContain('تم الاستلام');
    expect(answer.text).toContain(`https://charity.example/r/${link}`);
    expect(templatesTo(phone, 'auto_reply')).toHaveLength(0);
  });
});
