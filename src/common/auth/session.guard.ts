import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainException } from '../errors/domain.exception';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { currentRequest } from '../http/request-context';
import { IS_PUBLIC_KEY } from './public.decorator';

/**
 * The global guard: every route needs a live administrator session unless it is marked @Public().
 * New routes are therefore private by default.
 */
@Injectable()
export class SessionGuard extends AuthGuard('admin-jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(err: unknown, user: TUser): TUser {
    if (err instanceof DomainException) throw err;
    // The session could not be checked because the database is away: a 503 (try again), never a 401
    // that would sign the administrator out.
    if (isDatabaseUnavailable(err)) throw err;
    if (err || !user) throw DomainException.unauthorized();
    const context = currentRequest();
    if (context) context.userId = (user as { userId?: number }).userId;
    return user;
  }
}
