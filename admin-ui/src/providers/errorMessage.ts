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
    if (error.nonJson) return translate('app.errors.connection_unexpected');
    if (error.status >= 500) return translate('app.errors.server', { status: error.status });
    return translate(fallbackKey);
  }
  if (error instanceof Error && error.message) {
    // Messages thrown by our own providers are translation keys or Arabic sentences.
    return translate(error.message, { _: error.message });
  }
  return translate(fallbackKey);
}
