import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { readAdminToken, useAdminSession } from './adminSession';

export interface SiteBlockedStatus {
  blocked: boolean;
  setting?: { description?: string | null; updatedAt?: string | null } | null;
}

export const siteBlockedQueryKey = ['system', 'site-blocked'] as const;

/** The maintenance flag, asked once per page load (the query never goes stale). */
export function useSiteBlocked() {
  return useQuery({
    queryKey: siteBlockedQueryKey,
    queryFn: ({ signal }) => api.get<SiteBlockedStatus>('/api/system/site-blocked', signal),
  });
}

/**
 * Who may see the site now: `open` (not blocked, or the check failed), `checking` (blocked, a stored
 * admin token is being verified), `admin` (blocked, the server accepted the session), `visitor` (blocked).
 */
export type SiteAccess = 'open' | 'checking' | 'admin' | 'visitor';

export function useSiteAccess(): { access: SiteAccess; reason: string | null } {
  const { data } = useSiteBlocked();
  const blocked = data?.blocked === true;
  const token = blocked ? readAdminToken() : null;
  const session = useAdminSession(token, blocked);
  const reason = data?.setting?.description?.trim() || null;
  if (!blocked) return { access: 'open', reason: null };
  if (token === null || session.isError) return { access: 'visitor', reason };
  return { access: session.isSuccess ? 'admin' : 'checking', reason };
}

/**
 * Sends the visitor to /blocked (replacing the history entry) while the site is blocked for
 * maintenance; administrators with a session the server accepts stay (spec: they are not blocked).
 * A failed status check changes nothing: the site stays usable.
 */
export function useSiteBlockCheck(): void {
  const { access } = useSiteAccess();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (access === 'visitor' && pathname !== PUBLIC_ROUTES.blocked) {
      void navigate(PUBLIC_ROUTES.blocked, { replace: true });
    }
  }, [access, pathname, navigate]);
}
