import { normalizeE164 } from '@shared/phone';
import { INTERNATIONAL_EXAMPLE, ltrIsolate, type FieldProblem } from './adminNumbers';

/** The server's limits (TestSingleDto). */
export const TEST_NUMBER_MAX_LENGTH = 20;
export const CUSTOM_MESSAGE_MAX_LENGTH = 1000;
/** Error code of the broadcast when there is no administrator number. */
export const NO_ADMIN_NUMBERS_CODE = 'NO_ADMIN_NUMBERS';

/** POST /api/admin/test-whatsapp-single. */
export interface TestSingleResult {
  success: boolean;
  message?: string;
  details?: { phoneNumber?: string; statusMessage?: string; instructions?: string };
}

/** POST /api/admin/test-whatsapp-broadcast. */
export interface BroadcastResult {
  success: boolean;
  message?: string;
  summary?: { total?: number; successful?: number; failed?: number };
}

const PREFIX = 'app.whatsapp_cards.test';

/**
 * The test number's check, as the server makes it: required, at most 20 characters, and an
 * international number (+ or 00) or a Saudi mobile in any accepted form.
 */
export function testNumberProblem(value: string): FieldProblem | null {
  const trimmed = value.trim();
  if (!trimmed) return { key: `${PREFIX}.number_required` };
  if (trimmed.length > TEST_NUMBER_MAX_LENGTH) return { key: `${PREFIX}.number_too_long`, args: { max: String(TEST_NUMBER_MAX_LENGTH) } };
  if (!normalizeE164(trimmed)) return { key: `${PREFIX}.number_invalid`, args: { example: ltrIsolate(INTERNATIONAL_EXAMPLE) } };
  return null;
}

/** The optional message: at most 1000 characters. */
export function customMessageProblem(value: string): FieldProblem | null {
  return value.trim().length > CUSTOM_MESSAGE_MAX_LENGTH
    ? { key: `${PREFIX}.message_too_long`, args: { max: String(CUSTOM_MESSAGE_MAX_LENGTH) } }
    : null;
}

/** The body sent: the number trimmed; the message only when something was typed. */
export function testSingleBody(testNumber: string, customMessage: string): { testNumber: string; customMessage?: string } {
  const message = customMessage.trim();
  return message ? { testNumber: testNumber.trim(), customMessage: message } : { testNumber: testNumber.trim() };
}

/** The broadcast summary with missing figures as 0. */
export function broadcastFigures(result: BroadcastResult | undefined): { total: number; successful: number; failed: number } {
  const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return { total: n(result?.summary?.total), successful: n(result?.summary?.successful), failed: n(result?.summary?.failed) };
}
