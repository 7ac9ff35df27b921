/**
 * The admin's list resources: the name react-admin knows each by (its URL under /admin) → its API path
 * under /api. The admin's dataProvider and the server's tests read the same map.
 */
export const ADMIN_RESOURCE_PATHS = {
  requests: 'requests',
  'deleted-requests': 'admin/deleted-requests',
  'quick-messages': 'admin/quick-messages',
  'impact-reports': 'admin/impact-reports',
  certificates: 'admin/certificates',
  'login-attempts': 'security/login-attempts',
  'security-alerts': 'security/alerts',
  'emergency-codes': 'admin/emergency-access-codes',
  stickers: 'admin/stickers',
  'governance-cards': 'admin/governance',
  volunteers: 'admin/volunteers',
} as const;
