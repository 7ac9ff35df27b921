import { useNotify, useRedirect, useTranslate } from 'react-admin';
import { isApiError } from '../../providers/httpClient';
import { UploadError } from '../../providers/upload';

/** After a save: the success toast and back to the list; or the upload's or the server's reason. */
export function useGovernanceSave(done: 'app.governance.created' | 'app.governance.updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return {
    onSuccess: () => {
      notify(done, { type: 'success' });
      redirect('list', 'governance-cards');
    },
    onError: (error: unknown) => {
      const message =
        error instanceof UploadError
          ? error.message
          : isApiError(error)
            ? translate('app.governance.save_failed_with', { message: error.message })
            : translate('app.governance.save_failed');
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  };
}
