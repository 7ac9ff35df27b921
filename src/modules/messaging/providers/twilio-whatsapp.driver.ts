import { parseRetryAfter } from '../outbox/retry-policy';
import { normalizeE164 } from '../../../shared/phone';
import { OutgoingWhatsAppMessage, ProviderError, ProviderSentMessage, SendResult, WhatsAppProvider } from './whatsapp-provider';

export interface TwilioDriverOptions {
  accountSid: string;
  authToken: string;
  /** whatsapp:+E164 sender. */
  from: string;
  /** https://api.twilio.com, or a local double in tests. */
  baseUrl: string;
  /** Full StatusCallback URL, or undefined to receive no callbacks. */
  statusCallbackUrl?: string;
  timeoutMs: number;
}

/** Twilio error codes that no retry can fix. */
export const TWILIO_PERMANENT_CODES: Readonly<Record<string, string>> = {
  '21211': 'رقم الجوال غير صالح',
  '21614': 'الرقم ليس رقم جوال',
  '63003': 'الرقم غير مسجل في واتساب',
  '63024': 'الرقم غير مسجل في واتساب',
  '21610': 'ألغى المستلم الاشتراك في الرسائل',
  '63049': 'رفض واتساب القالب',
  '63013': 'رفض واتساب الرسالة لمخالفتها السياسات',
  '63016': 'الرسالة الحرة خارج نافذة الـ24 ساعة',
};

interface TwilioMessageJson {
  sid: string;
  status: string;
  to: string;
  body: string | null;
  date_created: string | null;
}

const MAX_LIST_PAGES = 5;

/**
 * Twilio's Programmable Messaging REST API for WhatsApp: templates through the Content API
 * (ContentSid + ContentVariables), free text (Body) inside the customer's 24-hour window.
 */
export class TwilioWhatsAppDriver implements WhatsAppProvider {
  readonly name = 'twilio';
  readonly needsContentSid = true;
  private readonly authorization: string;

  constructor(private readonly options: TwilioDriverOptions) {
    this.authorization = 'Basic ' + Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  }

  private get messagesUrl(): string {
    return `${this.options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(this.options.accountSid)}/Messages.json`;
  }

  async send(message: OutgoingWhatsAppMessage): Promise<SendResult> {
    const to = normalizeE164(message.to);
    if (!to) throw new ProviderError('رقم الجوال غير صالح', false, '21211');
    const form = new URLSearchParams();
    form.set('From', this.options.from);
    form.set('To', `whatsapp:${to}`);
    if (!message.freeText && message.contentSid) {
      form.set('ContentSid', message.contentSid);
      const variables: Record<string, string> = {};
      message.variables.forEach((value, index) => (variables[String(index + 1)] = value));
      form.set('ContentVariables', JSON.stringify(variables));
    } else {
      // Free text inside the window (or a template without a content SID, e.g. the Twilio sandbox).
      form.set('Body', message.text);
    }
    if (this.options.statusCallbackUrl) form.set('StatusCallback', this.options.statusCallbackUrl);

    const json = (await this.call('POST', this.messagesUrl, form)) as TwilioMessageJson;
    if (typeof json?.sid !== 'string') throw new ProviderError('Twilio answered without a message sid', true, 'BAD_RESPONSE');
    return { providerMessageId: json.sid, status: json.status ?? 'queued' };
  }

  async listSent(to: string, since: Date): Promise<ProviderSentMessage[]> {
    const e164 = normalizeE164(to);
    if (!e164) return [];
    const params = new URLSearchParams({
      To: `whatsapp:${e164}`,
      // Twilio's "sent on or after" filter (the official library sends it as the parameter "DateSent>").
      'DateSent>': since.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      PageSize: '100',
    });
    let url: string | null = `${this.messagesUrl}?${params.toString()}`;
    const found: ProviderSentMessage[] = [];
    for (let page = 0; url && page < MAX_LIST_PAGES; page++) {
      const json = (await this.call('GET', url)) as { messages?: TwilioMessageJson[]; next_page_uri?: string | null };
      for (const m of json.messages ?? []) {
        const createdAt = m.date_created ? new Date(m.date_created) : null;
        if (!createdAt || Number.isNaN(createdAt.getTime()) || createdAt < since) continue;
        found.push({ providerMessageId: m.sid, to: normalizeE164(m.to) ?? m.to, body: m.body ?? '', status: m.status, createdAt });
      }
      url = json.next_page_uri ? `${this.options.baseUrl}${json.next_page_uri}` : null;
    }
    return found;
  }

  private async call(method: 'GET' | 'POST', url: string, form?: URLSearchParams): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      const timeout = name === 'TimeoutError' || name === 'AbortError';
      throw new ProviderError(
        timeout
          ? 'Twilio did not answer in time'
          : `Twilio unreachable: ${(error as { message?: unknown } | null)?.message ?? String(error)}`,
        true,
        timeout ? 'TIMEOUT' : 'NETWORK',
      );
    }
    const text = await response.text().catch(() => '');
    let json: { code?: number | string; message?: string } | null;
    try {
      json = text ? (JSON.parse(text) as { code?: number | string; message?: string }) : null;
    } catch {
      json = null;
    }
    if (response.ok) return json;
    throw twilioError(response.status, json, parseRetryAfter(response.headers.get('retry-after')));
  }
}

/** Maps a Twilio error answer to retryable (429, 5xx, auth) or permanent (invalid number, opted out…). */
export function twilioError(
  httpStatus: number,
  json: { code?: number | string; message?: string } | null,
  retryAfterMs?: number,
): ProviderError {
  const code = json?.code !== undefined && json?.code !== null ? String(json.code) : String(httpStatus);
  const message = (json?.message ?? `Twilio answered HTTP ${httpStatus}`).slice(0, 500);
  if (code in TWILIO_PERMANENT_CODES) return new ProviderError(`${TWILIO_PERMANENT_CODES[code]}: ${message}`, false, code, httpStatus);
  if (httpStatus === 429 || httpStatus >= 500) return new ProviderError(message, true, code, httpStatus, retryAfterMs);
  // Wrong credentials or a suspended account: fixing the configuration should still deliver later.
  if (httpStatus === 401 || httpStatus === 403) return new ProviderError(message, true, code, httpStatus);
  return new ProviderError(message, false, code, httpStatus);
}
