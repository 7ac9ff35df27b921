import { createHmac, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { WHATSAPP_TEMPLATES } from '../../src/modules/messaging/templates/whatsapp-templates';
import { signInAdmin } from './admin-session';
import { MetaDouble } from './meta-double';
import { createTestApp, TestApp } from './test-app';

/**
 * WhatsApp through Meta's Cloud API for the meta test files: the app with its worker against a local
 * Graph API double where the product's eight templates are approved, and Meta's webhooks as Meta
 * sends them (JSON with non-ASCII escaped, signed with the app secret).
 */

export const META_WEBHOOK = '/api/webhooks/meta';

/** JSON as Meta writes it: non-ASCII characters and slashes escaped, so the bytes differ from a re-serialisation. */
export function metaJson(payload: unknown): string {
  return JSON.stringify(payload)
    .replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
    .replace(/\//g, '\\/');
}

export function metaSign(appSecret: string, body: string): string {
  return 'sha256=' + createHmac('sha256', appSecret).update(body, 'utf8').digest('hex');
}

export interface MetaStatusInput {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient?: string;
  errors?: { code: number; title: string; details?: string }[];
}

export type MetaInboundInput =
  | { kind: 'text'; text: string }
  | { kind: 'button'; text: string }
  | { kind: 'interactive'; title: string }
  | { kind: 'image' }
  | { kind: 'reaction' };

export function randomWamid(): string {
  return 'wamid.' + Buffer.from('HBgMOTY2' + randomBytes(30).toString('hex')).toString('base64');
}

export class MetaWhatsApp {
  private phoneSeq = 0;

  private constructor(
    readonly t: TestApp,
    readonly db: DataSource,
    readonly double: MetaDouble,
    readonly clock: FakeClock,
    readonly token: string,
    private readonly firstPhone: number,
  ) {}

  /** Files share one database: each gives its customers numbers after `firstPhone` (+9665 and eight digits). */
  static async start(firstPhone: number, env: Record<string, string> = {}): Promise<MetaWhatsApp> {
    const double = await new MetaDouble().start();
    for (const seed of WHATSAPP_TEMPLATES) {
      const body = seed.components.filter((c) => c.type === 'BODY').flatMap((c) => [...c.text.matchAll(/\{\{(\d+)\}\}/g)]).length;
      double.approve(seed.name, {
        language: 'ar',
        body,
        copyCode: seed.category === 'authentication',
        urlButton: seed.components.some((c) => c.type === 'BUTTONS' && c.url !== undefined),
      });
    }
    const clock = new FakeClock(new Date());
    let t: TestApp | undefined;
    try {
      t = await createTestApp({
        worker: true,
        clock,
        env: {
          WHATSAPP_PROVIDER: 'meta',
          META_ACCESS_TOKEN: double.accessToken,
          META_PHONE_NUMBER_ID: double.phoneNumberId,
          META_APP_SECRET: double.appSecret,
          META_VERIFY_TOKEN: double.verifyToken,
          META_GRAPH_BASE_URL: double.url,
          META_API_VERSION: double.apiVersion,
          META_TIMEOUT_MS: '3000',
          PUBLIC_BASE_URL: 'https://charity.example',
          ...env,
        },
      });
      const { token } = await signInAdmin(t.app, 'meta-admin');
      return new MetaWhatsApp(t, t.app.get(DataSource), double, clock, token, firstPhone);
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

  /** Posts a webhook body as Meta does: the exact bytes, signed unless `signature` is given (null: no header). */
  post(body: string, signature?: string | null) {
    const req = this.t.http.post(META_WEBHOOK).set('content-type', 'application/json');
    const sig = signature === undefined ? metaSign(this.double.appSecret, body) : signature;
    return (sig === null ? req : req.set('x-hub-signature-256', sig)).send(body);
  }

  private envelope(value: Record<string, unknown>): string {
    return metaJson({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '966500000000', phone_number_id: this.double.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  /** A signed delivery-status notification (several statuses in one, as Meta may batch them). */
  statusBody(...statuses: MetaStatusInput[]): string {
    return this.envelope({
      statuses: statuses.map((s) => ({
        id: s.id,
        status: s.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: (s.recipient ?? '+966500000000').replace('+', ''),
        ...(s.errors
          ? {
              errors: s.errors.map((e) => ({
                code: e.code,
                title: e.title,
                message: e.title,
                error_data: { details: e.details ?? e.title },
              })),
            }
          : {}),
      })),
    });
  }

  status(...statuses: MetaStatusInput[]) {
    return this.post(this.statusBody(...statuses));
  }

  /** A signed inbound message from `from` (E.164) with its wamid. */
  inboundBody(from: string, input: MetaInboundInput, id = randomWamid()): string {
    const waId = from.replace('+', '');
    const content: Record<string, unknown> =
      input.kind === 'text'
        ? { type: 'text', text: { body: input.text } }
        : input.kind === 'button'
          ? { type: 'button', button: { text: input.text, payload: input.text } }
          : input.kind === 'interactive'
            ? { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b1', title: input.title } } }
            : input.kind === 'image'
              ? { type: 'image', image: { id: '1234', mime_type: 'image/jpeg', sha256: 'x' } }
              : { type: 'reaction', reaction: { message_id: randomWamid(), emoji: '👍' } };
    return this.envelope({
      contacts: [{ profile: { name: 'عميل' }, wa_id: waId }],
      messages: [{ from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), ...content }],
    });
  }

  inbound(from: string, input: MetaInboundInput | string, id?: string) {
    return this.post(this.inboundBody(from, typeof input === 'string' ? { kind: 'text', text: input } : input, id));
  }

  async optIn(phone: string): Promise<void> {
    await this.db.query(
      `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, consent_timestamp, consent_method) VALUES ($1, true, now(), 'request_form')
       ON CONFLICT (phone_number) DO UPDATE SET opt_in_status = true, revoked_at = NULL`,
      [phone],
    );
  }

  /** The attempt's row once the worker recorded it as sent. */
  async sentAttempt(attemptId: number): Promise<{ provider_message_id: string; status: string }> {
    for (let i = 0; i < 200; i++) {
      const [row] = await this.db.query(
        `SELECT provider_message_id, status FROM assurance_attempts WHERE attempt_id = $1 AND provider_message_id IS NOT NULL`,
        [attemptId],
      );
      if (row) return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`attempt ${attemptId} was not sent`);
  }
}
