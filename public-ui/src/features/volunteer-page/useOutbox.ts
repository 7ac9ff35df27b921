import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../../lib/api';
import { sendVolunteerAction, volunteerPageQueryKey, type VolunteerAction, type VolunteerPage, type VolunteerPickup } from './api';
import { formatKg } from './form';
import { dropPendingAction, keepPendingAction, readPendingActions, type PendingAction } from './pending-actions';
import { texts } from './texts';

/** What the page's live region says after an action: what was recorded, or why nothing was. */
export interface Announcement {
  text: string;
  error?: boolean;
}

/** Puts the server's answer for one pickup into the page as it is kept. */
export function setPickup(queryClient: QueryClient, token: string, updated: VolunteerPickup): void {
  queryClient.setQueryData<VolunteerPage>(volunteerPageQueryKey(token), (page) =>
    page ? { ...page, pickups: page.pickups.map((p) => (p.requestId === updated.requestId ? updated : p)) } : page,
  );
}

/** The sentence an answered action is announced with. */
export function announcementFor(requestId: number, action: VolunteerAction, updated: VolunteerPickup): string {
  if (action.kind === 'on-the-way') return texts.announceOnTheWay(requestId);
  if (action.kind === 'collected') return texts.announceCollected(requestId, formatKg(updated.weighedKg ?? action.body.weighedKg));
  return texts.announceNotCollected(requestId);
}

/** Worth another try later: no connection, or the server away or busy. */
export const tryLater = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429));

/**
 * The actions pressed with no connection: kept on the device, shown on their cards, and sent in the
 * order pressed when the page opens online or the connection returns.
 */
export function useOutbox(token: string, onAnnounce: (announcement: Announcement) => void) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<PendingAction[]>(() => readPendingActions(token));
  const running = useRef(false);

  const flush = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    let answered = false;
    try {
      for (const entry of readPendingActions(token)) {
        try {
          const updated = await sendVolunteerAction(token, entry.requestId, entry.action);
          dropPendingAction(token, entry.requestId, entry.action.kind);
          answered = true;
          setPickup(queryClient, token, updated);
          onAnnounce({ text: announcementFor(entry.requestId, entry.action, updated) });
        } catch (error) {
          if (tryLater(error)) break;
          // Refused (the pickup closed or moved meanwhile): nothing to send again; say why.
          dropPendingAction(token, entry.requestId, entry.action.kind);
          answered = true;
          onAnnounce({ text: error instanceof ApiError && error.serverMessage ? error.serverMessage : texts.failed, error: true });
        } finally {
          setWaiting(readPendingActions(token));
        }
      }
    } finally {
      running.current = false;
      if (answered) void queryClient.invalidateQueries({ queryKey: volunteerPageQueryKey(token) });
    }
  }, [token, queryClient, onAnnounce]);

  useEffect(() => {
    const send = () => void flush();
    if (navigator.onLine) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [flush]);

  const keep = useCallback(
    (requestId: number, action: VolunteerAction) => {
      keepPendingAction({ token, requestId, action, savedAt: Date.now() });
      setWaiting(readPendingActions(token));
      onAnnounce({ text: texts.queuedAnnounce(requestId) });
      // Kept behind earlier ones while online: the run sends them all, in order.
      if (navigator.onLine) void flush();
    },
    [token, onAnnounce, flush],
  );

  return { waiting, keep };
}
