/** Admin resource name (its URL under /admin) → API path under /api, where they differ. One line each. */
export const RESOURCE_PATHS: Record<string, string> = {
  'impact-reports': 'admin/impact-reports',
  certificates: 'admin/certificates',
  'quick-messages': 'admin/quick-messages',
  'login-attempts': 'security/login-attempts',
  'security-alerts': 'security/alerts',
  'emergency-codes': 'admin/emergency-access-codes',
  'deleted-requests': 'admin/deleted-requests',
};
