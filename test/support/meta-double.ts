import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface TextParameter {
  type: string;
  text?: string;
}

/** One template component of a send request, as the Cloud API takes it. */
export interface DoubleTemplateComponent {
  type: string;
  sub_type?: string;
  index?: string;
  parameters?: TextParameter[];
}

/** One message the double accepted, as Meta would have queued it. */
export interface MetaDoubleMessage {
  id: string;
  /** As sent in `to` (E.164). */
  to: string;
  type: 'text' | 'template';
  text: string | null;
  template: { name: string; language: string; components: DoubleTemplateComponent[] } | null;
  at: Date;
}

/** Every request the double received (for contract assertions). */
export interface MetaDoubleRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

/** What the double does with the next POST: answer a Graph error, hang, or accept after a delay. */
export type MetaDoubleBehaviour =
  | { kind: 'error'; httpStatus: number; code: number; message?: string; details?: string; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'accept'; delayMs?: number };

/** What an approved template takes: parameters per component, and whether it has a copy-code or a dynamic URL button. */
export interface ApprovedTemplate {
  language: string;
  header?: number;
  body: number;
  copyCode?: boolean;
  /** A URL button with a dynamic suffix (index 0): the send must give its one parameter. */
  urlButton?: boolean;
}

const TITLES: Record<number, string> = {
  4: 'Application request limit reached',
  100: 'Invalid parameter',
  190: 'Error validating access token: Session has expired',
  130429: 'Rate limit hit',
  131026: 'Message undeliverable',
  131047: 'Re-engagement message',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
};

/**
 * A local HTTP server that speaks the part of Meta's Graph API the driver uses:
 * `POST /{version}/{phone-number-id}/messages` with a Bearer token and a JSON body, Meta's answers
 * (`messages[0].id` = a wamid longer than 64 characters) and its error envelope. Approved templates
 * are checked by name, language and parameter count (132001, 132000), as Meta does. Tests tell it to
 * answer an error code, a 5xx, or to hang.
 */
export class MetaDouble {
  readonly accessToken = 'EAAG' + randomBytes(24).toString('hex');
  readonly phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999));
  readonly appSecret = randomBytes(16).toString('hex');
  readonly verifyToken = 'verify-' + randomBytes(8).toString('hex');
  readonly apiVersion = 'v26.0';
  readonly messages: MetaDoubleMessage[] = [];
  readonly requests: MetaDoubleRequest[] = [];
  /** Approved templates by name; a template not listed is refused with 132001. */
  readonly templates = new Map<string, ApprovedTemplate>();
  private readonly queue: MetaDoubleBehaviour[] = [];
  defaultBehaviour: MetaDoubleBehaviour = { kind: 'accept' };
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the Meta double is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** Queue behaviours for the next POSTs (e.g. answer 130429 once, then accept). */
  next(...behaviours: MetaDoubleBehaviour[]): void {
    this.queue.push(...behaviours);
  }

  approve(name: string, template: ApprovedTemplate): void {
    this.templates.set(name, template);
  }

  /** Messages sent to one number ('+9665…'). */
  sentTo(e164: string): MetaDoubleMessage[] {
    return this.messages.filter((m) => m.to === e164);
  }

  /** POSTs to the messages endpoint (every answer counted, errors included). */
  sendCalls(): number {
    return this.requests.filter((r) => r.method === 'POST').length;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://double');
    let body: Record<string, unknown> | null;
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    this.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

    if (req.headers.authorization !== `Bearer ${this.accessToken}`) return this.error(res, 401, 190);
    if (url.pathname !== `/${this.apiVersion}/${this.phoneNumberId}/messages`) {
      return this.error(res, 400, 100, 'Unsupported post request. Object does not exist or cannot be loaded.');
    }
    if (req.method !== 'POST') return this.error(res, 400, 100, 'Unsupported get request.');
    if (req.headers['content-type']?.split(';')[0] !== 'application/json' || !body) return this.error(res, 400, 100);

    const behaviour = this.queue.shift() ?? this.defaultBehaviour;
    if (behaviour.kind === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (behaviour.kind === 'error') {
      return this.error(res, behaviour.httpStatus, behaviour.code, behaviour.message, behaviour.details, behaviour.retryAfter);
    }
    const refused = this.validate(body);
    if (refused) return this.error(res, refused.status, refused.code, undefined, refused.details);
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));

    const to = String(body.to);
    const template = body.template as { name: string; language: { code: string }; components?: DoubleTemplateComponent[] } | undefined;
    const message: MetaDoubleMessage = {
      id: this.wamid(to),
      to,
      type: body.type as 'text' | 'template',
      text: body.type === 'text' ? String((body.text as { body: string }).body) : null,
      template: template ? { name: template.name, language: template.language.code, components: template.components ?? [] } : null,
      at: new Date(),
    };
    this.messages.push(message);
    this.json(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
      messages: [{ id: message.id, message_status: 'accepted' }],
    });
  }

  /** Meta's own checks of a send request. */
  private validate(body: Record<string, unknown>): { status: number; code: number; details: string } | null {
    if (body.messaging_product !== 'whatsapp') return { status: 400, code: 100, details: 'messaging_product must be whatsapp' };
    if (typeof body.to !== 'string' || !/^\+?[1-9]\d{7,14}$/.test(body.to)) return { status: 400, code: 100, details: 'Invalid to' };
    if (body.type === 'text') {
      const text = body.text as { body?: unknown } | undefined;
      return typeof text?.body === 'string' && text.body.length > 0 && text.body.length <= 4096
        ? null
        : { status: 400, code: 100, details: 'text.body is required' };
    }
    if (body.type !== 'template') return { status: 400, code: 131051, details: 'Unsupported message type' };
    const template = body.template as { name?: string; language?: { code?: string }; components?: DoubleTemplateComponent[] } | undefined;
    const approved = template?.name ? this.templates.get(template.name) : undefined;
    if (!approved || approved.language !== template?.language?.code) {
      return { status: 404, code: 132001, details: `template name (${template?.name}) does not exist in ${template?.language?.code}` };
    }
    const count = (type: string) => template?.components?.find((c) => c.type === type)?.parameters?.length ?? 0;
    const button = template?.components?.find((c) => c.type === 'button');
    const texts = (template?.components ?? []).flatMap((c) => c.parameters ?? []).map((p) => p.text ?? '');
    if (texts.some((t) => t === '' || /[\n\t]| {5,}/.test(t))) {
      return { status: 400, code: 132018, details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces' };
    }
    if (count('body') !== approved.body || count('header') !== (approved.header ?? 0)) {
      return {
        status: 400,
        code: 132000,
        details: `body: expected number of params (${approved.body}) does not match received (${count('body')})`,
      };
    }
    if (approved.copyCode && (button?.sub_type !== 'url' || button.index !== '0' || button.parameters?.length !== 1)) {
      return { status: 400, code: 131008, details: 'Buttons: the copy code button needs its parameter' };
    }
    if (approved.urlButton && (button?.sub_type !== 'url' || button.index !== '0' || button.parameters?.length !== 1)) {
      return { status: 400, code: 131008, details: 'Buttons: the URL button at index 0 needs its dynamic suffix' };
    }
    if (!approved.copyCode && !approved.urlButton && button) {
      return { status: 400, code: 132000, details: 'buttons: the template has no button with a parameter' };
    }
    return null;
  }

  /** A wamid as Meta writes them: "wamid." and base64 of the number and a random id (longer than 64 characters). */
  private wamid(to: string): string {
    const digits = to.replace(/\D/g, '');
    const blob = Buffer.concat([
      Buffer.from([0x1c, 0x18, digits.length]),
      Buffer.from(digits),
      Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, 0x20]),
      Buffer.from(randomBytes(16).toString('hex').toUpperCase()),
    ]);
    return 'wamid.' + blob.toString('base64');
  }

  private error(res: ServerResponse, httpStatus: number, code: number, message?: string, details?: string, retryAfter?: string): void {
    if (retryAfter) res.setHeader('retry-after', retryAfter);
    const title = TITLES[code] ?? `Error ${code}`;
    this.json(res, httpStatus, {
      error: {
        message: message ?? `(#${code}) ${title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: details ?? title },
        fbtrace_id: 'A' + randomBytes(8).toString('hex'),
      },
    });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }
}
