import { CodeGuard } from './codes/code-guard';
import { CodeGuardRepository } from './codes/code-guard.repository';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { SessionGuard } from '../../common/auth/session.guard';
import { SecurityAlertsService } from './alerts/security-alerts.service';
import { SecurityAlertsRepository } from './alerts/security-alerts.repository';
import { AdminPasswordController } from './auth/admin-password.controller';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginCodesRepository } from './auth/login-codes.repository';
import { PasswordRequestsRepository } from './auth/password-requests.repository';
import { PasswordService } from './auth/password.service';
import { UsersRepository } from './auth/users.repository';
import { VerificationCodes } from './codes/verification-codes';
import { EmergencyCodesController } from './emergency/emergency-codes.controller';
import { EmergencyCodesRepository } from './emergency/emergency-codes.repository';
import { EmergencyCodesService } from './emergency/emergency-codes.service';
import { GeoIpService } from './geo/geoip.service';
import { PasswordHasher } from './passwords/password-hasher';
import { securityEntities } from './security.entities';
import { JwtStrategy } from './session/jwt.strategy';
import { sessionSigningKey } from './session/session-key';
import { SessionService } from './session/session.service';
import { SessionsRepository } from './session/sessions.repository';
import { AccountStatusRepository } from './status/account-status.repository';
import { AccountStatusService } from './status/account-status.service';
import { SecurityController } from './status/security.controller';
import { SecuritySettingsController } from './status/security-settings.controller';
import { SecuritySettingsRepository } from './status/security-settings.repository';
import { SecuritySettingsService } from './status/security-settings.service';

/**
 * Administrators and their sessions. The global SessionGuard makes every route private unless it is
 * marked @Public(). Login, codes, freezing, geo-IP, alerts, password reset and change, and emergency
 * access build on SessionService.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature(securityEntities),
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: sessionSigningKey(config.appSecret), signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController, AdminPasswordController, SecurityController, SecuritySettingsController, EmergencyCodesController],
  providers: [
    SessionService,
    SessionsRepository,
    JwtStrategy,
    { provide: APP_GUARD, useClass: SessionGuard },
    PasswordHasher,
    VerificationCodes,
    CodeGuard,
    CodeGuardRepository,
    GeoIpService,
    AccountStatusService,
    AccountStatusRepository,
    SecuritySettingsService,
    SecuritySettingsRepository,
    SecurityAlertsService,
    SecurityAlertsRepository,
    AuthService,
    PasswordService,
    UsersRepository,
    LoginCodesRepository,
    PasswordRequestsRepository,
    EmergencyCodesService,
    EmergencyCodesRepository,
  ],
  exports: [SessionService, SecurityAlertsService, GeoIpService, PasswordHasher],
})
export class SecurityModule {}
