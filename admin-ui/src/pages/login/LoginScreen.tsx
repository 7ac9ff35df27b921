import { useState } from 'react';
import { AuthShell } from '../../components/AuthShell';
import type { VerificationRequired } from '../../providers/authProvider';
import type { SessionEndReason } from '../../providers/session';
import { CredentialsStep } from './CredentialsStep';
import { EmergencyStep } from './EmergencyStep';
import { VerificationStep } from './VerificationStep';
import { useLoginKit } from './loginKit';

type Step = { kind: 'credentials' } | { kind: 'verification'; username: string; message?: string } | { kind: 'emergency' };

/**
 * /admin/login (spec: admin-side section 2): credentials, then the verification code when the
 * server asks for it; the emergency view is reachable from the credentials step.
 */
export const LoginScreen = ({ endReason }: { endReason: SessionEndReason | null }) => {
  const { translate } = useLoginKit();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const toCredentials = () => setStep({ kind: 'credentials' });

  if (step.kind === 'verification') {
    return (
      <AuthShell title={translate('app.verify.title')}>
        <VerificationStep username={step.username} serverMessage={step.message} onBack={toCredentials} />
      </AuthShell>
    );
  }

  if (step.kind === 'emergency') {
    return (
      <AuthShell title={translate('app.emergency.title')}>
        <EmergencyStep onBack={toCredentials} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={translate('app.login.title')} subtitle={translate('app.login.subtitle')}>
      <CredentialsStep
        endReason={endReason}
        onVerificationRequired={(answer: VerificationRequired) =>
          setStep({ kind: 'verification', username: answer.username, message: answer.message })
        }
        onEmergency={() => setStep({ kind: 'emergency' })}
      />
    </AuthShell>
  );
};
