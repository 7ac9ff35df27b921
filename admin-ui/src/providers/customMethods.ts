import type { DataProvider } from 'react-admin';
import type { QuickMessageChange, QuickMessageItem, QuickMessageStats } from '@shared/api/quick-messages';
import type { AdminRequestRow, BulkAction, BulkResult, RequestNote, RequestsSummary, StatusHistoryEntry } from '@shared/api/requests';
import type { DeliveryRow } from '@shared/delivery';
import { API_PATHS } from '@shared/api/admin-paths';
import { ApiError, apiRequest, unexplainedFailureText } from './httpClient';
import { getValidSession } from './session';

/**
 * The admin's calls outside react-admin's CRUD convention, as named dataProvider methods (react-admin's
 * custom-method pattern): screens call them through `useDataProvider<CharityDataProvider>()`, so every
 * write goes through the dataProvider and its error handling (authProvider.checkError). Each answers
 * `{ data }` like react-admin's own methods, the server's JSON as `data`.
 */

export interface RequestStatusChange {
  status: string;
  cancellationReason?: string;
  weighedKg?: number;
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface DeskFilterOptions {
  eventTypes: FilterOption[];
  importantPlaces: FilterOption[];
  areas: FilterOption[];
}

type Result<T> = Promise<{ data: T }>;

const get = <T>(url: string, signal?: AbortSignal): Result<T> => apiRequest<T>(url, { signal }).then((data) => ({ data }));
const send = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, json?: unknown): Result<T> =>
  apiRequest<T>(url, { method, json }).then((data) => ({ data }));

export const customMethods = {
  // The requests desk (spec: admin-side section 3).
  getRequestsSummary: () => get<RequestsSummary>(API_PATHS.requests.summary),
  bulkRequests: (ids: number[], action: BulkAction) => send<BulkResult>('POST', API_PATHS.requests.bulk, { ids, ...action }),
  /** Archives one request with the reason (the server takes it as the DELETE's body). */
  deleteRequest: (id: number, reason: string) =>
    send<{ message: string }>('DELETE', API_PATHS.requests.one(id), reason.trim() ? { reason: reason.trim() } : {}),
  changeRequestStatus: (id: number, body: RequestStatusChange) =>
    send<{ message: string; changed: boolean; notified?: boolean }>('PATCH', API_PATHS.requests.status(id), body),
  getRequestHistory: (id: number) => get<StatusHistoryEntry[]>(API_PATHS.requests.history(id)),
  getRequestNotes: (id: number) => get<RequestNote[]>(API_PATHS.requests.notes(id)),
  addRequestNote: (id: number, text: string) => send<RequestNote>('POST', API_PATHS.requests.notes(id), { text }),
  getRequestMessages: (id: number) => get<DeliveryRow[]>(API_PATHS.requests.messages(id)),
  /** A one-time ticket for the Excel download (the session token never goes into a URL). */
  requestExportTicket: () => send<{ ticket: string }>('POST', API_PATHS.requests.exportTicket),
  /** The desk filters' choices: event types and important places by their Arabic names, and the areas. */
  async getDeskFilterOptions(): Result<DeskFilterOptions> {
    const [lists, locations] = await Promise.all([
      apiRequest<{ eventTypes: FilterOption[]; importantPlaces: FilterOption[] }>(API_PATHS.requests.publicDropdownOptions),
      apiRequest<{ areas: { value: string; name: string }[] }>(API_PATHS.requests.publicLocationOptions),
    ]);
    return {
      data: {
        eventTypes: lists.eventTypes,
        importantPlaces: lists.importantPlaces,
        areas: locations.areas.map((a) => ({ value: a.value, label: a.name })),
      },
    };
  },
  restoreDeletedRequest: (archivedId: number) =>
    send<{ message: string; request: AdminRequestRow }>('POST', API_PATHS.requests.restore(archivedId)),

  // WhatsApp messages.
  resendMessage: (messageId: number) => send<{ message?: string }>('POST', API_PATHS.messages.resend(messageId)),

  // Quick messages (spec: admin-side section 7).
  getQuickMessageStats: (signal?: AbortSignal) => get<QuickMessageStats>(API_PATHS.messages.quickStats, signal),
  deleteQuickMessages: (ids: number[]) => send<{ deleted?: number; message?: string }>('DELETE', API_PATHS.messages.quickMessages, { ids }),
  /** The administrator's answer, sent through the approved customMessage template. */
  replyToQuickMessage: (id: number, reply: string) => send<{ message?: string }>('POST', API_PATHS.messages.quickReply(id), { reply }),
  /** Marks a message answered or not, and/or links it to a request by number (null unlinks). */
  changeQuickMessage: (id: number, change: QuickMessageChange) =>
    send<{ message?: string; item?: QuickMessageItem }>('PATCH', API_PATHS.messages.quickMessage(id), change),
  /** Sends a failed acknowledgement again. */
  retryQuickMessage: (id: number) => send<{ message?: string }>('POST', API_PATHS.messages.quickRetry(id)),

  // Security.
  resolveSecurityAlert: (id: number) => send<unknown>('POST', API_PATHS.reports.resolveAlert(id)),

  /**
   * A file the API serves behind the session (PDFs): a plain link could not send the token. Fails with
   * the server's Arabic message when it sent one, else the status.
   */
  async getFile(path: string): Result<Blob> {
    const session = getValidSession();
    const response = await fetch(path, { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
    if (!response.ok) {
      const envelope = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const message = typeof envelope?.message === 'string' ? envelope.message : unexplainedFailureText(response.status);
      throw new ApiError(response.status, message, null);
    }
    return { data: await response.blob() };
  },
};

export type CustomMethods = typeof customMethods;

/** The admin's dataProvider: react-admin's methods plus the custom ones; `useDataProvider<CharityDataProvider>()`. */
export type CharityDataProvider = DataProvider & CustomMethods;
