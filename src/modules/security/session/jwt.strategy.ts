import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { sessionSigningKey } from './session-key';
import { SessionService, SessionTokenPayload } from './session.service';

/**
 * passport-jwt checks the signature; the session row (through SessionService) decides the rest.
 * Expiry is judged from the row with the app's clock, not from the token's exp claim.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'admin-jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: sessionSigningKey(config.appSecret),
      algorithms: ['HS256'],
      ignoreExpiration: true,
    });
  }

  async validate(payload: SessionTokenPayload): Promise<AdminPrincipal> {
    return this.sessions.validate(payload);
  }
}
