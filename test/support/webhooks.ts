import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { signInAdmin } from './admin-session';
import { createTestApp, TestApp } from './test-app';
import { TwilioDouble } from './twilio-double';
import { postTwilioWebhook } from './twilio-webhook-client';

/**
 * WhatsApp through Twilio for the messaging-webhooks files: the app with its worker against a local
 * Twilio double, signed status and inbound webhooks, and fresh customers (opt-ins and requests).
 */

export const BASE = 'https://charity.example';
export const SIDS = Object.fromEntries(
  [
    'newRequest',
    'statusUpdate',
    'customMessage',
    'requestConfirmation',
    'verificationCode',
    'securityAlert',
    'inquiryReceived',
    'autoReply',
    'hostCancelled',
    'volunteerOnTheWay',
    'volunteerUpdate',
    'volunteerLink',
    'volunteerAssignment',
    'volunteerUnassigned',
  ].map((key, i) => [key, 'HX' + i.toString(16).repeat(32)]),
);

export class TwilioWhatsApp {
  private phoneSeq = 0;

  private constructor(
    readonly t: TestApp,
    readonly db: DataSource,
    readonly double: TwilioDouble,
    readonly clock: FakeClock,
    /** A signed-in administrator's bearer token. */
    readonly token: string,
    private readonly firstPhone: number,
  ) {}

  /** Files share one database: each gives its customers numbers after `firstPhone` (+9665 and eight digits). */
  static async start(firstPhone: number, env: Record<string, string> = {}): Promise<TwilioWhatsApp> {
    const double = await new TwilioDouble().start();
    const clock = new FakeClock(new Date());
    let t: TestApp | undefined;
    try {
      t = await createTestApp({
        worker: true,
        clock,
        env: {
          WHATSAPP_PROVIDER: 'twilio',
          TWILIO_ACCOUNT_SID: double.accountSid,
          TWILIO_AUTH_TOKEN: double.authToken,
          TWILIO_FROM: 'whatsapp:+14155238886',
          TWILIO_BASE_URL: double.url,
          PUBLIC_BASE_URL: BASE,
          WHATSAPP_CONTENT_SIDS: JSON.stringify(SIDS),
          ...env,
        },
      });
      const { token } = await signInAdmin(t.app);
      return new TwilioWhatsApp(t, t.app.get(DataSource), double, clock, token, firstPhone);
    } catch (err) {
      await t?.close();
      await double.stop();
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.double.stop();
  }

  /** A number no other case of the run has used, in E.164. */
  nextPhone(): string {
    return `+9665${String(this.firstPhone + ++this.phoneSeq).padStart(8, '0')}`;
  }

  /** The local form (05…) the request form stores. */
  local(e164: string): string {
    return '0' + e164.slice(4);
  }

  /** A status callback, signed unless `signature` is given. */
  status(params: Record<string, string>, signature?: string) {
    return postTwilioWebhook(this.t, this.double.authToken, BASE, '/api/webhooks/twilio/status', params, signature);
  }

  /** A signed inbound WhatsApp message from `from`. */
  inbound(from: string, body: string, messageSid = 'SM' + Math.random().toString(16).slice(2).padEnd(32, '0')) {
    return postTwilioWebhook(this.t, this.double.authToken, BASE, '/api/webhooks/twilio/inbound', {
      MessageSid: messageSid,
      From: `whatsapp:${from}`,
      To: 'whatsapp:+14155238886',
      Body: body,
      ProfileName: 'عميل',
    });
  }

  async optIn(phone: string): Promise<void> {
    await this.db.query(
      `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, consent_timestamp, consent_method) VALUES ($1, true, now(), 'request_form')
       ON CONFLICT (phone_number) DO UPDATE SET opt_in_status = true, revoked_at = NULL`,
      [phone],
    );
  }

  async insertRequest(phone: string, status = 'received', whatsappOptIn = true): Promise<number> {
    const [row] = await this.db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status, whatsapp_opt_in)
       VALUES ('wedding', 120, '2026-12-12', '23:00', 'مبنى 5، حي الشاطئ، ينبع', 'custom', 'سارة أحمد', $1, $2, $3) RETURNING id`,
      [this.local(phone), status, whatsappOptIn],
    );
    return row.id as number;
  }
}
