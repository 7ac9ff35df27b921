import { useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { SESSION_RECHECK_INTERVAL_MS } from '@shared/constants';
import { verifyServerSession } from '../../providers/authProvider';

/**
 * Confirms the session with the server on arrival and every 30 seconds (GET /api/auth/verify,
 * spec: admin-side sections 4 and 9). A 401 goes through authProvider.checkError, which clears the
 * stored session and returns to the login page; a server that cannot be reached leaves the page as it is.
 */
export function useServerSessionPolling(): void {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    const controller = new AbortController();
    const check = () => {
      verifyServerSession(controller.signal).catch((error: unknown) => {
        if (!controller.signal.aborted) void logoutIfAccessDenied(error);
      });
    };
    check();
    const timer = window.setInterval(check, SESSION_RECHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [logoutIfAccessDenied]);
}
