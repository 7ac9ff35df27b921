import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { TwilioWhatsApp } from '../support/webhooks';

// The statusUpdate message names the event type as the charity named it, even after it left the list.

describe('status updates name event types the charity added', () => {
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: TwilioDouble;
  let auth: { authorization: string };
  let originalLists: { eventTypes: string[]; foodTypes: string[] };

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(44_000_000);
    ({ t, db, double } = whatsapp);
    auth = { authorization: `Bearer ${whatsapp.token}` };
    originalLists = (await t.http.get('/api/admin/dropdown-options').set(auth).expect(200)).body;
  });
  afterAll(async () => {
    if (originalLists) await t.http.put('/api/admin/dropdown-options').set(auth).send(originalLists);
    await whatsapp?.close();
  });

  it('sends the stored label of an added event type, and keeps it once the type is removed from the list', async () => {
    const label = 'ملتقى خريجي الجامعة';
    await t.http
      .put('/api/admin/dropdown-options')
      .set(auth)
      .send({ ...originalLists, eventTypes: [...originalLists.eventTypes, label] })
      .expect(200);
    const [{ value }] = (await db.query(`SELECT value FROM dropdown_options WHERE type = 'eventType' AND label = $1`, [label])) as [
      { value: string },
    ];
    expect(value).not.toBe(label);

    const phone = whatsapp.nextPhone();
    await whatsapp.optIn(phone);
    const id = await whatsapp.insertRequest(phone);
    await db.query(`UPDATE requests SET event_type = $1 WHERE id = $2`, [value, id]);
    await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'confirmed' }).expect(200);
    const first = await waitFor(() => double.sentTo(phone)[0], 10_000, 'the first status update');
    expect(first.contentVariables!['3']).toBe(label);

    // Removed from the form's list (deactivated): requests that chose it keep its name.
    await t.http.put('/api/admin/dropdown-options').set(auth).send(originalLists).expect(200);
    await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'completed' }).expect(200);
    const second = await waitFor(() => double.sentTo(phone)[1], 10_000, 'the second status update');
    expect(second.contentVariables!['3']).toBe(label);
  });
});
