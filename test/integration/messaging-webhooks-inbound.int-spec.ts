import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { signInAdmin } from '../support/admin-session';
import { TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { SIDS, TwilioWhatsApp } from '../support/webhooks';

// Inbound WhatsApp messages through Twilio: STOP/START keywords, replayed MessageSids and the auto-reply.

describe('WhatsApp through Twilio: inbound keywords and the auto-reply', () => {
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: TwilioDouble;
  let token: string;
  let clock: FakeClock;

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(41_000_000);
    ({ t, db, double, token, clock } = whatsapp);
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  describe('inbound messages', () => {
    it('handles each MessageSid once: a replayed signed STOP does not revoke the opt-in again', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const stopSid = 'SM' + 'a1'.repeat(16);
      await whatsapp.inbound(phone, 'STOP', stopSid).then((r) => expect(r.status).toBe(200));
      await whatsapp.inbound(phone, 'START').then((r) => expect(r.status).toBe(200));
      // The same signed STOP again (Twilio's retry, or someone replaying it): answered, ignored.
      const replay = await whatsapp.inbound(phone, 'STOP', stopSid);
      expect(replay.status).toBe(200);
      const [row] = await db.query('SELECT opt_in_status, revoked_at FROM whatsapp_opt_ins WHERE phone_number = $1', [phone]);
      expect(row).toEqual({ opt_in_status: true, revoked_at: null });
      const events = await db.query(
        `SELECT count(*)::int AS n FROM assurance_events WHERE type = 'inbound_message' AND payload->>'messageSid' = $1`,
        [stopSid],
      );
      expect(events[0].n).toBe(1);
    });

    it('STOP (or إيقاف) revokes the opt-in found from the whatsapp: address; nothing is ever sent to that number again; START restores it', async () => {
      const phone = whatsapp.nextPhone();
      await whatsapp.optIn(phone);
      const id = await whatsapp.insertRequest(phone);

      const res = await whatsapp.inbound(phone, '  إيقاف ');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/xml');
      const [row] = await db.query(
        'SELECT opt_in_status, revoked_at, revoked_method, last_inbound_at FROM whatsapp_opt_ins WHERE phone_number = $1',
        [phone],
      );
      expect(row.opt_in_status).toBe(false);
      expect(row.revoked_method).toBe('keyword');
      expect(row.revoked_at).not.toBeNull();
      expect(row.last_inbound_at).not.toBeNull();

      for (const next of ['reviewing', 'confirmed', 'cancelled']) {
        const change = await t.http
          .patch(`/api/requests/${id}/status`)
          .set('authorization', `Bearer ${token}`)
          .send({ status: next, cancellationReason: 'اختبار' });
        expect(change.status).toBe(200);
      }
      await whatsapp.inbound(phone, 'هل وصل طلبي؟'); // not even the auto-reply
      await waitFor(async () => {
        const rows: { status: string }[] = await db.query(
          `SELECT a.status FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id WHERE r.whatsapp = $1`,
          [phone],
        );
        return rows.length === 3 && rows.every((r) => r.status === 'cancelled');
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(double.sentTo(phone)).toHaveLength(0);

      await whatsapp.inbound(phone, 'Start');
      const [restored] = await db.query('SELECT opt_in_status, revoked_at, consent_method FROM whatsapp_opt_ins WHERE phone_number = $1', [
        phone,
      ]);
      expect(restored).toEqual({ opt_in_status: true, revoked_at: null, consent_method: 'inbound_start' });
      await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'received' });
      await waitFor(() => double.sentTo(phone).length === 1);
    });

    it('answers other text with the auto-reply (the five variables) at most once per 24 hours per number, without an opt-in', async () => {
      const phone = whatsapp.nextPhone();
      await db.query(`UPDATE system_settings SET value = 'https://hifz.example' WHERE key = 'auto_reply_website'`);
      await db.query(`UPDATE system_settings SET value = '0550001111' WHERE key = 'auto_reply_phone1'`);
      await whatsapp.inbound(phone, 'السلام عليكم، كم أوقات العمل؟');
      const reply = await waitFor(() => double.sentTo(phone)[0]);
      expect(reply.contentSid).toBe(SIDS.autoReply);
      const [website, hours, area, phone1, phone2] = await Promise.all(
        ['website', 'hours', 'area', 'phone1', 'phone2'].map(
          async (k) => (await db.query('SELECT value FROM system_settings WHERE key = $1', [`auto_reply_${k}`]))[0].value,
        ),
      );
      // A value the administrators have not set yet goes as a dash (the provider refuses an empty one).
      expect(reply.contentVariables).toEqual({ '1': website, '2': hours, '3': area, '4': phone1, '5': phone2 || '-' });
      expect(website).toBe('https://hifz.example');
      expect(phone1).toBe('0550001111');

      await whatsapp.inbound(phone, 'هل من رد؟');
      clock.advance(23 * 60 * 60_000);
      await whatsapp.inbound(phone, 'مرة أخرى');
      await new Promise((r) => setTimeout(r, 700));
      expect(double.sentTo(phone)).toHaveLength(1);

      clock.advance(60 * 60_000 + 1000);
      await whatsapp.inbound(phone, 'بعد يوم كامل');
      await waitFor(() => double.sentTo(phone).length === 2);
      token = (await signInAdmin(t.app)).token; // the session idled out while the clock moved a day
    });
  });
});
