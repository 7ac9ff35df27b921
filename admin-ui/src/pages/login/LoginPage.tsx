import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useTranslate } from 'react-admin';
import { AuthShell } from '../../components/AuthShell';
import { ROUTES, adminUrl } from '../../routes';
import type { VerificationRequired } from '../../providers/authProvider';
import { getValidSession, peekSessionEndReason, takeSessionEndReason } from '../../providers/session';
import { CredentialsStep } from './CredentialsStep';
import { EmergencyStep } from './EmergencyStep';
import { VerificationStep } from './VerificationStep';

type Step = { kind: 'credentials' } | { kind: 'verification'; username: string; message?: string } | { kind: 'emergency' };

interface LoginLocationState {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * /admin/login (spec: admin-side section 2): credentials, then the verification code when the
 * server asks for it; the emergency view is reachable from the credentials step.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  // react-admin passes the page that needed a login in the router state; keep it for the code step.
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

  const toCredentials = () => setStep({ kind: 'credentials' });

  if (step.kind === 'verification') {
    return (
      <AuthShell title={translate('app.verify.title')}>
        <VerificationStep username={step.username} serverMessage={step.message} nextPath={nextPath} onBack={toCredentials} />
      </AuthShell>
    );
  }

  if (step.kind === 'emergency') {
    return (
      <AuthShell title={translate('app.emergency.title')}>
        <EmergencyStep nextPath={nextPath} onBack={toCredentials} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={translate('app.login.title')} subtitle={translate('app.login.subtitle')}>
      <CredentialsStep
        nextPath={nextPath}
        endReason={endReason}
        onVerificationRequired={(answer: VerificationRequired) =>
          setStep({ kind: 'verification', username: answer.username, message: answer.message })
        }
        onEmergency={() => setStep({ kind: 'emergency' })}
      />
    </AuthShell>
  );
};
