import { useNotify, useRedirect, useTranslate } from 'react-admin';
import { isApiError } from '../../providers/httpClient';
import { UploadError } from '../../providers/upload';
import { useNotifyError } from '../../providers/useNotifyError';

/**
 * What the create and edit views do after a save: the spec's success toast and back to the list, or the
 * spec's separate error toasts (no upload link, the file upload, saving the record, unexpected; an
 * edit's update error).
 */
export function useStickerSave(done: 'app.stickers.uploaded' | 'app.stickers.updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const fail = useNotifyError();
  return {
    onSuccess: () => {
      notify(done, { type: 'success' });
      redirect('list', 'stickers');
    },
    onError: (error: unknown) => {
      // An edit sends no file: the server's reason, or the spec's update error.
      if (done === 'app.stickers.updated') return fail(error, 'app.stickers.update_failed');
      const message =
        error instanceof UploadError
          ? error.message
          : isApiError(error)
            ? translate('app.stickers.save_failed', { message: error.message })
            : error instanceof Error && error.message.startsWith('app.')
              ? translate(error.message)
              : translate('app.stickers.upload_unexpected');
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  };
}
