import type { TranslateFunction } from 'react-admin';
import { isApiError } from './httpClient';

/**
 * The sentence to show a person for a failed call: the server's Arabic message when it sent one,
 * otherwise a plain Arabic explanation (network down, server error, odd response), otherwise the
 * caller's fallback translation key.
 */
export function errorMessage(error: unknown, translate: TranslateFunction, fallbackKey: string): string {
  if (isApiError(error)) {
    if (error.envelope?.message) return error.envelope.message;
    if (error.status === 0) return translate('app.errors.network');
    // A proxy's 502/503 page (the api down or restarting) is a server error, not an odd answer.
    if (error.status >= 500) return translate('app.errors.server', { status: error.status });
    if (error.nonJson) return translate('app.errors.connection_unexpected');
    return translate(fallbackKey);
  }
  if (error instanceof Error && error.message) {
    // Messages thrown by our own providers are translation keys or Arabic sentences.
    return translate(error.message, { _: error.message });
  }
  return translate(fallbackKey);
}

/**
 * A failure toast (spec: admin-side section 8): the action's own heading («فشل في إرسال الرد»), then why,
 * when anything says why: the server's Arabic message, or what went wrong on the way (no connection, a
 * server error).
 */
export function failureText(error: unknown, translate: TranslateFunction, headingKey: string): string {
  const heading = translate(headingKey);
  const reason = errorMessage(error, translate, headingKey);
  return reason && reason !== heading ? `${heading}: ${reason}` : heading;
}
