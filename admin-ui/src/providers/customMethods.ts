import type { DataProvider } from 'react-admin';
import type { AdminLocations, DropdownLists } from '@shared/api/content-admin';
import type { DaySummary, PickupCapacity, PickupStrip } from '@shared/api/pickups';
import type { QuickMessageChange, QuickMessageItem, QuickMessageStats } from '@shared/api/quick-messages';
import type { AdminHomepageStatistics, FoodCalculationSettings, ManualHomepageStatistics } from '@shared/api/reports';
import type { AdminRequestRow, BulkAction, BulkResult, RequestNote, RequestsSummary, StatusHistoryEntry } from '@shared/api/requests';
import type { SecurityStatus } from '@shared/api/security';
import type { DeliveryRow, FailedMessages } from '@shared/delivery';
import type { SecuritySettings } from '@shared/security-settings';
import type { PeriodKey, StatisticsReport } from '@shared/statistics';
import type { TemplateInfo } from '@shared/templates';
import { API_PATHS } from '@shared/api/admin-paths';
import type { AdminNumbers } from '../pages/dashboard/cards/whatsapp/adminNumbers';
import type { BroadcastResult, TestSingleResult } from '../pages/dashboard/cards/whatsapp/whatsappTest';
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

/** A system setting row (GET /api/system/settings). */
export interface SystemSetting {
  key: string;
  value: string | null;
  description?: string | null;
  updatedAt?: string | null;
}

/** GET /api/system/site-blocked. */
export interface SiteBlockStatus {
  blocked: boolean;
  setting?: { description?: string | null; updatedAt?: string | null } | null;
}

/** The auto-reply template's five variables (GET /api/admin/whatsapp/auto-response-variables). */
export interface AutoResponseVariables {
  variables: Partial<Record<string, string>>;
  preview?: string;
}

/** A save that answers the server's Arabic message and the record as stored. */
export type Saved<K extends string, T> = { message: string } & Record<K, T>;

type Result<T> = Promise<{ data: T }>;

const get = <T>(url: string, signal?: AbortSignal): Result<T> => apiRequest<T>(url, { signal }).then((data) => ({ data }));
const send = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, json?: unknown): Result<T> =>
  apiRequest<T>(url, { method, json }).then((data) => ({ data }));

/** A path of API_PATHS with its query string: the one place a query is put on an admin path. */
export function withQuery(path: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return `${path}?${query.toString()}`;
}

/** A statistics period as query fields (the server reads the same ones from GET and from the export). */
export function periodParams(key: PeriodKey): Record<string, string | number> {
  if (key.period === 'daily') return { period: key.period, date: key.date };
  if (key.period === 'monthly') return { period: key.period, year: key.year, month: key.month };
  return { period: key.period };
}

/**
 * A file the API serves behind the session (PDFs): a plain link could not send the token. Fails with
 * the server's Arabic message when it sent one, else the status.
 */
async function getFile(path: string): Result<Blob> {
  const session = getValidSession();
  const response = await fetch(path, { headers: session ? { Authorization: `Bearer ${session.token}` } : {}, credentials: 'include' });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof envelope?.message === 'string' ? envelope.message : unexplainedFailureText(response.status);
    throw new ApiError(response.status, message, null);
  }
  return { data: await response.blob() };
}

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
  /** The desk's filtered list as an Excel file: the download's URL, with a one-time ticket in place of the session. */
  async getRequestsExportUrl(filter: Record<string, unknown>, sort: { field: string; order: string }): Result<string> {
    const { ticket } = await apiRequest<{ ticket: string }>(API_PATHS.requests.exportTicket, { method: 'POST' });
    return {
      data: withQuery(API_PATHS.requests.export, {
        auth: ticket,
        filter: JSON.stringify(filter),
        sort: JSON.stringify([sort.field, sort.order]),
      }),
    };
  },
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

  // Security (spec: admin-side section 6).
  resolveSecurityAlert: (id: number) => send<unknown>('POST', API_PATHS.reports.resolveAlert(id)),
  getSecurityStatus: (signal?: AbortSignal) => get<SecurityStatus>(API_PATHS.security.status, signal),
  unfreezeAccount: (username: string) => send<unknown>('POST', API_PATHS.security.unfreeze, { username }),
  getSecuritySettings: (signal?: AbortSignal) => get<SecuritySettings>(API_PATHS.security.settings, signal),
  saveSecuritySettings: (settings: SecuritySettings) =>
    send<Saved<'settings', SecuritySettings>>('PATCH', API_PATHS.security.settings, settings),

  // The dashboard's system cards (spec: admin-side section 4).
  getSystemSettings: (signal?: AbortSignal) => get<SystemSetting[]>(API_PATHS.system.settings, signal),
  toggleVerification: () => send<{ enabled?: boolean; message?: string }>('POST', API_PATHS.system.toggleVerification),
  getSiteBlockStatus: (signal?: AbortSignal) => get<SiteBlockStatus>(API_PATHS.system.siteBlocked, signal),
  toggleSiteBlock: (reason: string) => send<{ blocked?: boolean; message?: string }>('POST', API_PATHS.system.toggleSiteBlock, { reason }),

  // WhatsApp settings (dashboard cards and the auto-reply page).
  getAdminNumbers: (signal?: AbortSignal) => get<AdminNumbers>(API_PATHS.whatsapp.numbers, signal),
  saveAdminNumbers: (numbers: string[]) => send<AdminNumbers & { message?: string }>('POST', API_PATHS.whatsapp.numbers, { numbers }),
  sendTestMessage: (body: { testNumber: string; customMessage?: string }) =>
    send<TestSingleResult>('POST', API_PATHS.whatsapp.testSingle, body),
  sendTestBroadcast: () => send<BroadcastResult>('POST', API_PATHS.whatsapp.testBroadcast),
  getTemplateInfo: (signal?: AbortSignal) => get<TemplateInfo>(API_PATHS.whatsapp.templateInfo, signal),
  setTemplateMode: (useTemplates: boolean) =>
    send<{ message?: string; useTemplates?: boolean }>('POST', API_PATHS.whatsapp.toggleTemplateMode, { useTemplates }),
  getFailedMessages: (signal?: AbortSignal) => get<FailedMessages>(API_PATHS.whatsapp.failedMessages, signal),
  getAutoResponseVariables: (signal?: AbortSignal) => get<AutoResponseVariables>(API_PATHS.whatsapp.autoResponseVariables, signal),
  /** One variable; `keepalive` lets a save started as the page closes finish. */
  saveAutoResponseVariable: (key: string, value: string, keepalive = false) =>
    apiRequest<unknown>(API_PATHS.whatsapp.autoResponseVariables, { method: 'POST', json: { key, value }, keepalive }).then((data) => ({
      data,
    })),

  // Content (spec: admin-side section 5).
  getContentTexts: () => get<{ key: string; value: string | null }[]>(API_PATHS.content.texts),
  saveContentText: (key: string, value: string) => send<{ value: string }>('POST', API_PATHS.content.texts, { key, value, type: 'text' }),
  getDropdownLists: () => get<DropdownLists>(API_PATHS.content.dropdownOptions),
  saveDropdownLists: (lists: DropdownLists) => send<DropdownLists>('PUT', API_PATHS.content.dropdownOptions, lists),

  // Volunteers: «رابط جديد» replaces a volunteer's page link and sends it to them on WhatsApp.
  newVolunteerLink: (id: number) => send<{ url: string; message: string }>('POST', API_PATHS.volunteers.newLink(id)),

  // Locations: areas and their districts (the important places are the resource 'important-places').
  getLocations: () => get<AdminLocations>(API_PATHS.locations.all),
  addDistrict: (name: string, areaValue: string) => send<unknown>('POST', API_PATHS.locations.districts, { name, areaValue }),
  deleteDistrict: (id: number) => send<unknown>('DELETE', API_PATHS.locations.district(id)),

  // Statistics, the homepage figures and the food calculation (spec: admin-side sections 2 and 5).
  getStatistics: (key: PeriodKey) => get<StatisticsReport>(withQuery(API_PATHS.statistics.report, periodParams(key))),
  generateStatistics: (key: PeriodKey) => send<StatisticsReport>('POST', API_PATHS.statistics.generate, key),
  /** The period's Excel file: the download's URL, with a one-time ticket in place of the session. */
  async getStatisticsExportUrl(key: PeriodKey): Result<string> {
    const { ticket } = await apiRequest<{ ticket: string }>(API_PATHS.statistics.exportTicket, { method: 'POST' });
    return { data: withQuery(API_PATHS.statistics.export, { auth: ticket, download: 1, ...periodParams(key) }) };
  },
  getHomepageFigures: () => get<AdminHomepageStatistics>(API_PATHS.statistics.homepage),
  saveHomepageFigures: (figures: ManualHomepageStatistics) =>
    send<Saved<'statistics', AdminHomepageStatistics>>('POST', API_PATHS.statistics.homepage, figures),
  /** Back to the computed figures. */
  resetHomepageFigures: () => send<Saved<'statistics', AdminHomepageStatistics>>('DELETE', API_PATHS.statistics.homepage),
  getFoodCalculationSettings: () => get<FoodCalculationSettings>(API_PATHS.statistics.foodCalculation),
  saveFoodCalculationSettings: (settings: Partial<FoodCalculationSettings>) =>
    send<Saved<'settings', FoodCalculationSettings>>('PUT', API_PATHS.statistics.foodCalculation, settings),

  // The dispatcher's day beyond its list (the list is the resource 'pickups').
  getPickupStrip: (from: string, signal?: AbortSignal) => get<PickupStrip>(withQuery(API_PATHS.pickups.strip, { from }), signal),
  getDaySummary: (signal?: AbortSignal) => get<DaySummary>(API_PATHS.pickups.day, signal),
  getPickupCapacity: (signal?: AbortSignal) => get<PickupCapacity>(API_PATHS.pickups.capacity, signal),
  savePickupCapacity: (maxPerDay: number | null) =>
    send<Saved<'capacity', PickupCapacity>>('PUT', API_PATHS.pickups.capacity, { maxPerDay }),
  /** The date's run sheet as a PDF. */
  getRunSheet: (date: string) => getFile(withQuery(API_PATHS.pickups.runSheet, { date })),

  getFile,
};

export type CustomMethods = typeof customMethods;

/** The admin's dataProvider: react-admin's methods plus the custom ones; `useDataProvider<CharityDataProvider>()`. */
export type CharityDataProvider = DataProvider & CustomMethods;
