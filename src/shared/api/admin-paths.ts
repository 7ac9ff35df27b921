/**
 * The admin's calls outside the list resources (those are ADMIN_RESOURCE_PATHS in resource-paths.ts):
 * one owner for each '/api/…' path the admin's pages, login and providers send, so a renamed server
 * route is changed here once. test/integration/admin-paths.int-spec.ts checks every entry against the
 * routes the server registers; admin-ui/src/providers/api-paths.spec.ts keeps literals out of the admin.
 *
 * Paths are whole (with the global /api prefix), without query strings: callers add those. A path with
 * an id is a function of that id. Framework-free: the admin (through `@shared/...`) and the server's
 * tests both import it.
 */
/** The API's global prefix: react-admin's simple-REST provider puts each resource's path (ADMIN_RESOURCE_PATHS) under it. */
export const API_ROOT = '/api';

export const API_PATHS = {
  /** AuthController (auth/…) and AdminPasswordController (admin/…-password-change). */
  auth: {
    login: '/api/auth/login',
    verifyLogin: '/api/auth/verify-login',
    emergencyQuestion: '/api/auth/emergency-question',
    emergencyAccess: '/api/auth/emergency-access',
    verify: '/api/auth/verify',
    logout: '/api/auth/logout',
    resetPassword: '/api/auth/reset-password',
    confirmReset: '/api/auth/confirm-reset',
    requestPasswordChange: '/api/admin/request-password-change',
    confirmPasswordChange: '/api/admin/confirm-password-change',
  },
  /** SystemAdminController and SystemPublicController (system/…). */
  system: {
    settings: '/api/system/settings',
    siteBlocked: '/api/system/site-blocked',
    toggleSiteBlock: '/api/system/toggle-site-block',
    toggleVerification: '/api/system/toggle-verification',
  },
  /** SecurityController and SecuritySettingsController (security/…). */
  security: {
    status: '/api/security/status',
    unfreeze: '/api/security/unfreeze',
    settings: '/api/security/settings',
  },
  /** WhatsAppAdminController (admin/…) and DeliveryViewController's failed list. */
  whatsapp: {
    numbers: '/api/admin/whatsapp-numbers',
    testSingle: '/api/admin/test-whatsapp-single',
    testBroadcast: '/api/admin/test-whatsapp-broadcast',
    templateInfo: '/api/admin/template-info',
    toggleTemplateMode: '/api/admin/toggle-template-mode',
    autoResponseVariables: '/api/admin/whatsapp/auto-response-variables',
    failedMessages: '/api/admin/messages/failed',
  },
  /** Content (ContentAdminController, PublicContentController) and the signed upload URLs of stickers and governance cards. */
  content: {
    texts: '/api/content',
    dropdownOptions: '/api/admin/dropdown-options',
    stickerUploadUrl: '/api/admin/stickers/upload-url',
    governanceUploadUrl: '/api/admin/governance/upload-url',
  },
  /** LocationsAdminController (admin/simple-locations) and ContentAdminController's important places. */
  locations: {
    all: '/api/admin/simple-locations',
    districts: '/api/admin/simple-locations/districts',
    district: (id: number) => `/api/admin/simple-locations/districts/${id}`,
    places: '/api/admin/important-places',
    place: (id: number) => `/api/admin/important-places/${id}`,
  },
  /** StatisticsController, ActivityLogsController, the homepage figures and the food calculation settings. */
  statistics: {
    report: '/api/statistics',
    generate: '/api/statistics/generate',
    exportTicket: '/api/statistics/export-ticket',
    export: '/api/statistics/export',
    activityLogs: '/api/activity-logs',
    homepage: '/api/admin/homepage-statistics',
    foodCalculation: '/api/admin/food-calculation-settings',
  },
  /** The requests desk beyond its list: RequestsAdminController, RequestStatusController, notes, export. */
  /** VolunteersController's calls beside the resource's list convention. */
  volunteers: {
    newLink: (id: number) => `/api/admin/volunteers/${id}/new-link`,
  },
  requests: {
    summary: '/api/requests/summary',
    bulk: '/api/requests/bulk',
    one: (id: number) => `/api/requests/${id}`,
    status: (id: number) => `/api/requests/${id}/status`,
    history: (id: number) => `/api/requests/${id}/history`,
    notes: (id: number) => `/api/requests/${id}/notes`,
    messages: (id: number) => `/api/requests/${id}/messages`,
    certificate: (id: number) => `/api/admin/requests/${id}/certificate`,
    exportTicket: '/api/requests/export-ticket',
    export: '/api/requests/export',
    restore: (archivedId: number) => `/api/admin/deleted-requests/${archivedId}/restore`,
    /** The public form's lists, which the desk's filters offer too. */
    publicDropdownOptions: '/api/dropdown-options',
    publicLocationOptions: '/api/simple-location-options',
  },
  /** Quick messages beyond their list (QuickMessagesAdminController) and a message sent again (DeliveryViewController). */
  messages: {
    quickStats: '/api/admin/quick-messages/stats',
    quickMessages: '/api/admin/quick-messages',
    quickMessage: (id: number) => `/api/admin/quick-messages/${id}`,
    quickReply: (id: number) => `/api/admin/quick-messages/${id}/reply`,
    quickRetry: (id: number) => `/api/admin/quick-messages/${id}/retry`,
    resend: (id: number) => `/api/admin/messages/${id}/resend`,
  },
  /** Files behind the session, and the security alerts' one action. */
  reports: {
    certificatePdf: (id: number) => `/api/admin/certificates/${id}/download`,
    impactPdf: (id: number) => `/api/admin/impact-reports/${id}/download`,
    resolveAlert: (id: number) => `/api/security/alerts/${id}/resolve`,
  },
  /** PickupsController (admin/pickups) and PickupCapacityController (admin/pickup-capacity). */
  pickups: {
    list: '/api/admin/pickups',
    strip: '/api/admin/pickups/strip',
    day: '/api/admin/pickups/day',
    runSheet: '/api/admin/pickups/run-sheet',
    capacity: '/api/admin/pickup-capacity',
  },
} as const;

/**
 * Every path of the map, ids filled with `id`, each named by its place in the map ("locations.district").
 * The server's test walks this list, so a new entry is checked without editing the test.
 */
export function listApiPaths(id = 1): { name: string; path: string }[] {
  const walk = (node: Record<string, unknown>, prefix: string): { name: string; path: string }[] =>
    Object.entries(node).flatMap(([key, value]) => {
      const name = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') return [{ name, path: value }];
      if (typeof value === 'function') return [{ name, path: (value as (id: number) => string)(id) }];
      return walk(value as Record<string, unknown>, name);
    });
  return walk(API_PATHS, '');
}
