/** GET /api/security/status's shape has one owner, shared with the server. */
export type { SecurityStatus } from '@shared/api/security';

export const SECURITY_KEYS = {
  status: ['security', 'status'] as const,
  settings: ['security', 'settings'] as const,
};
