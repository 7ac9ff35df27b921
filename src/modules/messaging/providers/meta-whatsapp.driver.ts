import { parseRetryAfter } from '../outbox/retry-policy';
import { normalizeE164 } from '../../../shared/phone';
import type { TemplateComponentType } from '../../../shared/templates';
import { GraphErrorJson, metaError } from './meta-errors';
import { OutgoingTemplate, OutgoingWhatsAppMessage, ProviderError, SendResult, WhatsAppProvider } from './whatsapp-provider';

export interface MetaDriverOptions {
  accessToken: string;
  phoneNumberId: string;
  /** https://graph.facebook.com, or a local double in tests. */
  graphBaseUrl: string;
  /** e.g. v26.0 */
  apiVersion: string;
  timeoutMs: number;
}

interface TextParameter {
  type: 'text';
  text: string;
}

/** One component of a template message as the Cloud API takes it. */
export type MetaSendComponent =
  | { type: 'header' | 'body'; parameters: TextParameter[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: TextParameter[] };

interface MessagesAnswer {
  messages?: { id?: string; message_status?: string }[];
}

const PLACEHOLDER = /\{\{(\d+)\}\}/g;
const PARAMETER_COMPONENTS: readonly [TemplateComponentType, 'header' | 'body'][] = [
  ['HEADER', 'header'],
  ['BODY', 'body'],
];

/**
 * Meta refuses a text parameter that is empty, holds a new line or a tab, or runs more than four
 * spaces (error 132018): such a value is flattened rather than losing the whole message.
 */
export function parameterText(value: string | undefined): string {
  const flat = String(value ?? '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
  return flat === '' ? '-' : flat;
}

/**
 * The template's parameters per component. Our placeholders are numbered across the whole template
 * (as Twilio's ContentVariables are); Meta numbers them per component, in order, so each component
 * takes the values of its own placeholders sorted by number. A URL button with a dynamic suffix takes
 * that suffix as its one parameter, at the button's index. An authentication template repeats the
 * code as its copy-code button's parameter (Meta stores that OTP button as a URL button, index 0).
 */
export function metaTemplateComponents(template: OutgoingTemplate, variables: readonly string[]): MetaSendComponent[] {
  const out: MetaSendComponent[] = [];
  for (const [ours, theirs] of PARAMETER_COMPONENTS) {
    const numbers = new Set<number>();
    for (const component of template.components.filter((c) => c.type === ours)) {
      for (const match of component.text.matchAll(PLACEHOLDER)) numbers.add(Number(match[1]));
    }
    if (!numbers.size) continue;
    const parameters = [...numbers].sort((a, b) => a - b).map((n) => ({ type: 'text' as const, text: parameterText(variables[n - 1]) }));
    out.push({ type: theirs, parameters });
  }
  template.components
    .filter((c) => c.type === 'BUTTONS')
    .forEach((button, index) => {
      const suffix = button.url ? /\{\{(\d+)\}\}$/.exec(button.url) : null;
      if (!suffix) return;
      out.push({
        type: 'button',
        sub_type: 'url',
        index: String(index),
        parameters: [{ type: 'text', text: parameterText(variables[Number(suffix[1]) - 1]) }],
      });
    });
  if (template.category === 'authentication') {
    const code = out.find((c) => c.type === 'body')?.parameters[0]?.text ?? parameterText(variables[0]);
    out.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] });
  }
  return out;
}

/**
 * Meta's WhatsApp Cloud API: `POST /{version}/{phone-number-id}/messages` with a Bearer token;
 * templates by name and language with their parameters, free text (`type: text`) inside the
 * customer's 24-hour window. One call per send, never retried here (the outbox decides). Meta keeps
 * no list of sent messages to query, so there is no `listSent`: the sweeper sends a taken-back claim
 * again.
 */
export class MetaWhatsAppDriver implements WhatsAppProvider {
  readonly name = 'meta';
  readonly needsContentSid = false;

  constructor(private readonly options: MetaDriverOptions) {}

  private get messagesUrl(): string {
    const { graphBaseUrl, apiVersion, phoneNumberId } = this.options;
    return `${graphBaseUrl}/${apiVersion}/${encodeURIComponent(phoneNumberId)}/messages`;
  }

  async send(message: OutgoingWhatsAppMessage): Promise<SendResult> {
    const to = normalizeE164(message.to);
    if (!to) throw new ProviderError('رقم الجوال غير صالح', false, '131009');
    const payload: Record<string, unknown> = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
    if (message.freeText) {
      payload.type = 'text';
      payload.text = { preview_url: false, body: message.text };
    } else {
      payload.type = 'template';
      payload.template = {
        name: message.template.name,
        language: { code: message.template.language },
        components: metaTemplateComponents(message.template, message.variables),
      };
    }
    const answer = (await this.post(payload)) as MessagesAnswer | null;
    const sent = answer?.messages?.[0];
    if (typeof sent?.id !== 'string' || !sent.id) throw new ProviderError('Meta answered without a message id', true, 'BAD_RESPONSE');
    return { providerMessageId: sent.id, status: sent.message_status ?? 'accepted' };
  }

  private async post(payload: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(this.messagesUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.accessToken}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      const timeout = name === 'TimeoutError' || name === 'AbortError';
      throw new ProviderError(
        timeout ? 'Meta did not answer in time' : `Meta unreachable: ${(error as { message?: unknown } | null)?.message ?? String(error)}`,
        true,
        timeout ? 'TIMEOUT' : 'NETWORK',
      );
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok) return json;
    throw metaError(response.status, json as GraphErrorJson | null, parseRetryAfter(response.headers.get('retry-after')));
  }
}
