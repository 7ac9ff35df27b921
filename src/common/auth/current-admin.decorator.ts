import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The administrator whose session made this call (set by the session guard). */
export interface AdminPrincipal {
  userId: number;
  username: string;
  role: string;
  sessionId: number;
  isEmergency: boolean;
}

export const CurrentAdmin = createParamDecorator((_data: unknown, ctx: ExecutionContext): AdminPrincipal | undefined => {
  const request = ctx.switchToHttp().getRequest<{ user?: AdminPrincipal }>();
  return request.user;
});
