import type { QuickMessageChange, QuickMessageItem, QuickMessageStats } from '@shared/api/quick-messages';
import { apiRequest } from '../../providers/httpClient';

// The quick-messages calls outside react-admin's list convention (spec: admin-side section 7).

const URL = '/api/admin/quick-messages';

/** The stats cards' query; react-admin's refresh invalidates it with the list. */
export const QUICK_MESSAGE_STATS_KEY = ['admin', 'quick-messages', 'stats'] as const;

export const fetchQuickMessageStats = (signal?: AbortSignal) => apiRequest<QuickMessageStats>(`${URL}/stats`, { signal });

export const deleteQuickMessages = (ids: number[]) =>
  apiRequest<{ deleted?: number; message?: string }>(URL, { method: 'DELETE', json: { ids } });

/** The administrator's answer, sent through the approved customMessage template. */
export const replyToQuickMessage = (id: number, reply: string) =>
  apiRequest<{ message?: string }>(`${URL}/${id}/reply`, { method: 'POST', json: { reply } });

/** Marks a message answered or not, and/or links it to a request by number (null unlinks). */
export const changeQuickMessage = (id: number, change: QuickMessageChange) =>
  apiRequest<{ message?: string; item?: QuickMessageItem }>(`${URL}/${id}`, { method: 'PATCH', json: change });

/** Sends a failed acknowledgement again. */
export const resendQuickMessage = (id: number) => apiRequest<{ message?: string }>(`${URL}/${id}/retry`, { method: 'POST' });
