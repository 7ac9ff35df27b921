import { useNotify, useTranslate } from 'react-admin';
import { failureText } from './errorMessage';

/**
 * A toast for a failed call: the action's heading (the translation key), then the server's Arabic
 * message or a plain explanation when there is one (see failureText). The text is passed as `_` so the
 * i18n provider shows it as is.
 */
export function useNotifyError(): (error: unknown, fallbackKey: string) => void {
  const translate = useTranslate();
  const notify = useNotify();
  return (error, fallbackKey) => {
    const message = failureText(error, translate, fallbackKey);
    notify(message, { type: 'error', messageArgs: { _: message } });
  };
}
