import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { SESSION_RECHECK_INTERVAL_MS } from '@shared/constants';
import { clearSession, getValidSession } from '../providers/session';

/**
 * Re-checks the stored session every 30 seconds (spec: admin-side sections 4 and 9) and signs out
 * as soon as it has expired, so an idle tab does not keep showing admin data.
 */
export function useSessionWatch(): void {
  const logout = useLogout();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!getValidSession()) {
        clearSession('expired');
        void logout();
      }
    }, SESSION_RECHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [logout]);
}
