import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** Where the admin app (same origin) keeps its session token. */
export const ADMIN_TOKEN_KEY = 'adminToken';

/** The stored admin token, or null; a hint only: the server decides whether it is a session. */
export function readAdminToken(): string | null {
  try {
    const token = window.localStorage.getItem(ADMIN_TOKEN_KEY)?.trim();
    return token ? token : null;
  } catch {
    // Storage can be disabled (private mode): no token, an ordinary visitor.
    return null;
  }
}

interface VerifiedSession {
  user: { username: string };
  expiresAt: string;
}

/**
 * Asks the server (GET /api/auth/verify, the admin app's own check) whether `token` is a live admin
 * session. Never sent without a token, so ordinary visitors pay no extra call.
 */
export function useAdminSession(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'verify', token],
    queryFn: ({ signal }) =>
      apiRequest<VerifiedSession>('/api/auth/verify', { method: 'GET', signal, headers: { Authorization: `Bearer ${token ?? ''}` } }),
    enabled: enabled && token !== null,
    // A refused token stays refused for this page load: /blocked does not ask again.
    retryOnMount: false,
  });
}
