import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link as MuiLink } from '@mui/material';
import { useLocation, useLogin, useNavigate, useNotify, useTranslate } from 'react-admin';
import { ROUTES, adminUrl } from '../../routes';
import { isVerificationRequired } from '../../providers/authProvider';
import { getValidSession, peekSessionEndReason, takeSessionEndReason } from '../../providers/session';
import { LoginKitProvider, type LoginKit } from './loginKit';
import { LoginScreen } from './LoginScreen';

interface LoginLocationState {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * react-admin's login route, shown inside the admin app after a logout or an ended session. A cold
 * load of /admin/login gets the light login page instead (login.html, LoginApp): the same steps.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  // react-admin passes the page that needed a login in the router state; useLogin goes back there.
  const [nextPath] = useState(() => {
    const state = location.state as LoginLocationState | null;
    const path = state?.nextPathname;
    return path && !path.endsWith(ROUTES.login) ? `${path}${state?.nextSearch ?? ''}` : undefined;
  });
  const [endReason] = useState(peekSessionEndReason);

  useEffect(() => {
    takeSessionEndReason();
    // Someone already signed in has nothing to do here.
    if (getValidSession()) navigate(nextPath ?? adminUrl(ROUTES.dashboard), { replace: true });
  }, []); // only on arrival

  const kit = useMemo<LoginKit>(
    () => ({
      translate,
      notify: (message, type) => notify(message, { type, messageArgs: { _: message } }),
      signIn: async (params, notice) => {
        const answer: unknown = await login(params, nextPath);
        if (isVerificationRequired(answer)) return answer;
        if (notice) notify(notice, { type: 'warning' });
        return undefined;
      },
      Link: ({ to, children, sx }) => (
        <MuiLink component={RouterLink} to={to} sx={sx}>
          {children}
        </MuiLink>
      ),
    }),
    [translate, notify, login, nextPath],
  );

  return (
    <LoginKitProvider kit={kit}>
      <LoginScreen endReason={endReason} />
    </LoginKitProvider>
  );
};
