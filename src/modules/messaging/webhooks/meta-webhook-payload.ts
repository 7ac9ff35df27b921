import { normalizeE164 } from '../../../shared/phone';
import type { DeliveryStatusEvent, InboundMessageEvent } from './whatsapp-events.service';

// The shapes of Meta's `messages` webhook (whatsapp_business_account → entry[] → changes[] → value):
// value.statuses[] for the messages we sent, value.messages[] for what people send us.

interface MetaErrorJson {
  code?: unknown;
  title?: unknown;
  message?: unknown;
  error_data?: { details?: unknown };
}

interface MetaStatusJson {
  id?: unknown;
  status?: unknown;
  errors?: MetaErrorJson[];
}

interface MetaMessageJson {
  from?: unknown;
  id?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown; payload?: unknown };
  interactive?: { button_reply?: { title?: unknown }; list_reply?: { title?: unknown } };
}

export interface MetaWebhookContent {
  statuses: DeliveryStatusEvent[];
  inbound: InboundMessageEvent[];
  /** Errors Meta reported about the account or a message it could not take (logged). */
  errors: { code: string | null; message: string }[];
  /** Changes for another phone number of the same app, or fields we do not use. */
  skipped: number;
}

/** Message types that are not a person writing to us: no window, no auto-reply. */
const NOT_A_MESSAGE = new Set(['system', 'reaction']);

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const object = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function errorOf(error: MetaErrorJson | undefined): { code: string | null; message: string | null } {
  if (!error) return { code: null, message: null };
  const code = typeof error.code === 'number' || typeof error.code === 'string' ? String(error.code) : null;
  const parts = [str(error.title) ?? str(error.message), str(error.error_data?.details)].filter((p): p is string => p !== null);
  return { code, message: parts.length ? parts.join(' — ') : null };
}

/** What the person wrote: the text, the quick-reply button's text, or the interactive reply's title. */
function textOf(message: MetaMessageJson): string {
  return (
    str(message.text?.body) ??
    str(message.button?.text) ??
    str(message.interactive?.button_reply?.title) ??
    str(message.interactive?.list_reply?.title) ??
    ''
  );
}

/**
 * Reads a (signature-checked) webhook body into provider-neutral events. Only changes of the field
 * `messages` for our own phone number id count; anything malformed is skipped, never an error.
 */
export function readMetaWebhook(body: unknown, phoneNumberId: string | undefined): MetaWebhookContent {
  const out: MetaWebhookContent = { statuses: [], inbound: [], errors: [], skipped: 0 };
  for (const entry of list<unknown>(object(body)?.entry)) {
    for (const change of list<unknown>(object(entry)?.changes)) {
      const value = object(object(change)?.value);
      const ours = object(value?.metadata)?.phone_number_id;
      if (object(change)?.field !== 'messages' || !value || (phoneNumberId && ours !== phoneNumberId)) {
        out.skipped++;
        continue;
      }
      for (const error of list<MetaErrorJson>(value.errors)) {
        const { code, message } = errorOf(object(error) ? error : undefined);
        out.errors.push({ code, message: message ?? 'unknown error' });
      }
      for (const status of list<MetaStatusJson>(value.statuses)) {
        const id = str(object(status)?.id);
        const word = str(object(status)?.status);
        if (!id || !word) continue;
        const { code, message } = errorOf(list<MetaErrorJson>(status.errors).find((e) => object(e)));
        out.statuses.push({ provider: 'meta', providerMessageId: id, status: word, errorCode: code, errorMessage: message });
      }
      for (const message of list<MetaMessageJson>(value.messages)) {
        if (!object(message) || NOT_A_MESSAGE.has(String(message.type))) continue;
        // `from` is the WhatsApp id: the number's digits without the plus.
        const from = str(message.from);
        const phone = from ? normalizeE164(from.startsWith('+') ? from : `+${from}`) : null;
        if (!phone) continue;
        out.inbound.push({ provider: 'meta', phone, text: textOf(message), messageId: str(message.id) });
      }
    }
  }
  return out;
}
