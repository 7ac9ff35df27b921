import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { PUBLIC_ROUTES } from '@shared/public-routes';

export interface SiteBlockedStatus {
  blocked: boolean;
  setting?: { description?: string | null; updatedAt?: string | null };
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
 * Sends the visitor to /blocked (replacing the history entry) while the site is blocked for
 * maintenance. A failed check changes nothing: the site stays usable.
 */
export function useSiteBlockCheck(): void {
  const { data } = useSiteBlocked();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const blocked = data?.blocked === true;

  useEffect(() => {
    if (blocked && pathname !== PUBLIC_ROUTES.blocked) {
      void navigate(PUBLIC_ROUTES.blocked, { replace: true });
    }
  }, [blocked, pathname, navigate]);
}
