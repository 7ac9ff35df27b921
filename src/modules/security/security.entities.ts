import { AccountSecurityStatusEntity } from './entities/account-security-status.entity';
import { AdminSessionEntity } from './entities/admin-session.entity';
import { CodeCheckCounterEntity } from './entities/code-check-counter.entity';
import { EmergencyAccessCodeEntity } from './entities/emergency-access-code.entity';
import { LoginAttemptEntity } from './entities/login-attempt.entity';
import { LoginVerificationCodeEntity } from './entities/login-verification-code.entity';
import { PasswordChangeRequestEntity } from './entities/password-change-request.entity';
import { SecurityAlertEntity } from './entities/security-alert.entity';
import { UserEntity } from './entities/user.entity';

export const securityEntities = [
  UserEntity,
  AdminSessionEntity,
  PasswordChangeRequestEntity,
  LoginVerificationCodeEntity,
  LoginAttemptEntity,
  AccountSecurityStatusEntity,
  SecurityAlertEntity,
  EmergencyAccessCodeEntity,
  CodeCheckCounterEntity,
];
