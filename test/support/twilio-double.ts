import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the double accepted, as Twilio would store it. */
export interface DoubleMessage {
  sid: string;
  from: string;
  to: string;
  body: string;
  contentSid: string | null;
  contentVariables: Record<string, string> | null;
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
}

/** Every request the double received (for contract assertions). */
export interface DoubleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  params: Record<string, string>;
}

/** What the double does with the next POST: answer an error, hang, or accept after a delay. */
export type DoubleBehaviour =
  | { kind: 'error'; httpStatus: number; code?: number; message?: string; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'accept'; delayMs?: number };

const TWILIO_MESSAGES: Record<number, string> = {
  20003: 'Authenticate',
  20429: 'Too Many Requests',
  21211: "The 'To' number is not a valid phone number.",
  21610: 'Attempt to send to unsubscribed recipient',
  63016:
    'Failed to send freeform message because you are outside the allowed window. If you are using WhatsApp, please use a Message Template.',
  63049: 'Meta chose not to deliver this WhatsApp marketing message.',
};

/** RFC 2822 dates, as Twilio writes them: "Thu, 24 Aug 2023 05:01:45 +0000". */
function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

/**
 * A local HTTP server that speaks Twilio's Messages API (the parts the driver uses): create a message
 * (form-encoded, basic auth), list messages by recipient and date, Twilio's JSON shapes and errors.
 * Tests tell it to answer 429, 500, a given error code, or to hang.
 */
export class TwilioDouble {
  readonly accountSid = 'AC' + randomBytes(16).toString('hex');
  readonly authToken = randomBytes(16).toString('hex');
  readonly messages: DoubleMessage[] = [];
  readonly requests: DoubleRequest[] = [];
  /** Per-POST behaviours, consumed in order; then `defaultBehaviour`. */
  private readonly queue: DoubleBehaviour[] = [];
  defaultBehaviour: DoubleBehaviour = { kind: 'accept' };
  /** Renders a content template's body for the message list (Twilio stores the rendered text). */
  renderContent: (contentSid: string, variables: Record<string, string>) => string = (_sid, vars) => Object.values(vars).join(' | ');
  /** Called for every accepted message (after it is stored, before the answer is written). */
  onAccepted: ((message: DoubleMessage) => void) | null = null;
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the Twilio double is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** Queue behaviours for the next POSTs (e.g. answer 429 once, then accept). */
  next(...behaviours: DoubleBehaviour[]): void {
    this.queue.push(...behaviours);
  }

  /** Messages sent to one number ('+9665…'). */
  sentTo(e164: string): DoubleMessage[] {
    return this.messages.filter((m) => m.to === `whatsapp:${e164}`);
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    // Connections stay open between messages as with Twilio: fetch (undici) closes a connection after its
    // answer when the server announces a keep-alive of about a second, so every message opened its own.
    // stop() closes them all.
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
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
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://double');
    const params = Object.fromEntries(new URLSearchParams(raw));
    this.requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, params });

    const expectedAuth = 'Basic ' + Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64');
    if (req.headers.authorization !== expectedAuth) return this.error(res, 401, 20003);
    const messagesPath = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    if (url.pathname !== messagesPath) return this.error(res, 404, 20404, 'The requested resource was not found');

    if (req.method === 'GET') return this.list(res, url.searchParams);
    if (req.method !== 'POST') return this.error(res, 405, 20004, 'Method not allowed');
    if (req.headers['content-type']?.split(';')[0] !== 'application/x-www-form-urlencoded') {
      return this.error(res, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    }

    const behaviour = this.queue.shift() ?? this.defaultBehaviour;
    if (behaviour.kind === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (behaviour.kind === 'error')
      return this.error(res, behaviour.httpStatus, behaviour.code ?? behaviour.httpStatus, behaviour.message, behaviour.retryAfter);

    if (!params.To?.startsWith('whatsapp:+') || !params.From?.startsWith('whatsapp:+')) return this.error(res, 400, 21211);
    if (!params.Body && !params.ContentSid) return this.error(res, 400, 21619, 'A text message body or media urls must be specified.');
    let contentVariables: Record<string, string> | null = null;
    if (params.ContentVariables) {
      try {
        contentVariables = JSON.parse(params.ContentVariables) as Record<string, string>;
      } catch {
        return this.error(res, 400, 21656, 'The ContentVariables Parameter is invalid.');
      }
    }
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    const message: DoubleMessage = {
      sid: 'SM' + randomBytes(16).toString('hex'),
      from: params.From,
      to: params.To,
      body: params.Body ?? this.renderContent(params.ContentSid, contentVariables ?? {}),
      contentSid: params.ContentSid ?? null,
      contentVariables,
      statusCallback: params.StatusCallback ?? null,
      status: 'queued',
      dateCreated: new Date(),
    };
    this.messages.push(message);
    this.onAccepted?.(message);
    this.json(res, 201, this.messageJson(message));
  }

  private list(res: ServerResponse, query: URLSearchParams): void {
    const to = query.get('To');
    const sinceRaw = query.get('DateSent>') ?? query.get('DateSent>=');
    const since = sinceRaw ? new Date(sinceRaw) : null;
    const pageSize = Math.min(1000, Number(query.get('PageSize') ?? 50));
    const page = Number(query.get('Page') ?? 0);
    const matching = this.messages
      .filter((m) => (!to || m.to === to) && (!since || m.dateCreated >= since))
      .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime()); // newest first, as Twilio lists
    const slice = matching.slice(page * pageSize, (page + 1) * pageSize);
    const base = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    const nextQuery = new URLSearchParams(query);
    nextQuery.set('Page', String(page + 1));
    this.json(res, 200, {
      messages: slice.map((m) => this.messageJson(m)),
      page,
      page_size: pageSize,
      first_page_uri: `${base}?${new URLSearchParams({ ...Object.fromEntries(query), Page: '0' })}`,
      next_page_uri: (page + 1) * pageSize < matching.length ? `${base}?${nextQuery}` : null,
      previous_page_uri: null,
      uri: `${base}?${query}`,
      start: page * pageSize,
      end: page * pageSize + slice.length - 1,
    });
  }

  private messageJson(m: DoubleMessage): Record<string, unknown> {
    return {
      sid: m.sid,
      account_sid: this.accountSid,
      api_version: '2010-04-01',
      body: m.body,
      date_created: rfc2822(m.dateCreated),
      date_updated: rfc2822(m.dateCreated),
      date_sent: rfc2822(m.dateCreated),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: m.from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      status: m.status,
      to: m.to,
      uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${m.sid}.json`,
    };
  }

  private error(res: ServerResponse, httpStatus: number, code: number, message?: string, retryAfter?: string): void {
    if (retryAfter) res.setHeader('retry-after', retryAfter);
    this.json(res, httpStatus, {
      code,
      message: message ?? TWILIO_MESSAGES[code] ?? `Error ${code}`,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status: httpStatus,
    });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }
}
