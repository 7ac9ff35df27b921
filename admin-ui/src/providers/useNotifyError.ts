import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from './errorMessage';

/**
 * A toast for a failed call: the server's Arabic message, or a plain explanation, or the fallback
 * translation key (see errorMessage). The text is passed as `_` so the i18n provider shows it as is.
 */
export function useNotifyError(): (error: unknown, fallbackKey: string) => void {
  const translate = useTranslate();
  const notify = useNotify();
  return (error, fallbackKey) => {
    const message = errorMessage(error, translate, fallbackKey);
    notify(message, { type: 'error', messageArgs: { _: message } });
  };
}
