import { useEffect, useRef } from 'react';
import { useContent } from '../content/useContent';
import { useToast } from '../toast/ToastProvider';
import { onPendingEvent, readPending } from './pending-requests';

/** While a request waits, the site also tries again now and then (an "online" event is not always fired). */
const RETRY_MS = 30_000;

/**
 * Sends the requests kept while offline (features/offline): when the site loads, when the browser says the
 * connection is back, and every 30 seconds while one waits, on any page. The request's toast (its number,
 * or why it was refused) is shown here; the form, when open, empties itself or shows the field errors.
 * The sending code is loaded only when a request waits.
 */
export function PendingRequestsSender() {
  const toast = useToast();
  const content = useContent();
  const latest = useRef({ toast, content });
  latest.current = { toast, content };

  useEffect(() => {
    const flush = () => {
      if (!readPending().length || navigator.onLine === false) return;
      void import('./send-pending').then(({ sendPending }) => sendPending());
    };
    const off = onPendingEvent((event) => {
      if (event.type !== 'sent' && event.type !== 'refused') return;
      void import('../request-form/request-toasts').then(({ createdToast, refusalToast }) => {
        const { toast: toasts, content: texts } = latest.current;
        toasts.show(event.type === 'sent' ? createdToast(event.created, texts.find('contact_phone')) : refusalToast(event.error));
      });
      if (event.type === 'sent') void import('../request-form/draft').then(({ clearDraft }) => clearDraft());
    });
    flush();
    window.addEventListener('online', flush);
    const timer = setInterval(flush, RETRY_MS);
    return () => {
      off();
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, []);
  return null;
}
