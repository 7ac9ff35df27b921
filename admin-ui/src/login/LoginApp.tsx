import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as MuiLink } from '@mui/material';
import { ROUTES, adminUrl } from '../routes';
import { authProvider, isVerificationRequired } from '../providers/authProvider';
import { getValidSession, rememberArrivalNotice } from '../providers/session';
import { ToastRegion, type ToastContent } from '../components/ToastRegion';
import { LoginKitProvider, type LoginKit } from '../pages/login/loginKit';
import { LoginScreen } from '../pages/login/LoginScreen';
import { prefetchAdminApp } from './prefetchAdminApp';
import { translate } from './translate';

const DASHBOARD = adminUrl(ROUTES.dashboard);

/**
 * The light login page (login.html): what a phone opening /admin/login loads first, React and MUI
 * without react-admin. Once a session is stored it leaves for the admin app with a page load.
 */
export const LoginApp = () => {
  const [queue, setQueue] = useState<ToastContent[]>([]);
  const [current, setCurrent] = useState<ToastContent | undefined>(undefined);
  const [open, setOpen] = useState(false);

  // Someone already signed in has nothing to do here; anyone else will need the admin app next.
  useEffect(() => {
    if (getValidSession()) window.location.replace(DASHBOARD);
    else prefetchAdminApp();
  }, []);

  // One toast at a time: the next one once the shown one has left.
  useEffect(() => {
    if (current || queue.length === 0) return;
    setCurrent(queue[0]);
    setQueue((waiting) => waiting.slice(1));
    setOpen(true);
  }, [queue, current]);
  const close = useCallback(() => setOpen(false), []);
  const next = useCallback(() => setCurrent(undefined), []);

  const kit = useMemo<LoginKit>(
    () => ({
      translate,
      notify: (message, type) => setQueue((waiting) => [...waiting, { text: translate(message, { _: message }), type }]),
      signIn: async (params, notice) => {
        const answer: unknown = await authProvider.login(params);
        if (isVerificationRequired(answer)) return answer;
        if (notice) rememberArrivalNotice(notice);
        window.location.assign(DASHBOARD);
        return undefined;
      },
      Link: ({ to, children, sx }) => (
        <MuiLink href={to} sx={sx}>
          {children}
        </MuiLink>
      ),
    }),
    [],
  );

  return (
    <LoginKitProvider kit={kit}>
      <LoginScreen endReason={null} />
      <ToastRegion toast={current} open={open} onClose={close} onExited={next} />
    </LoginKitProvider>
  );
};
