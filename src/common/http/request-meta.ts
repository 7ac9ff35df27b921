import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Where a call came from: the real client IP (X-Forwarded-For only with TRUST_PROXY) and user agent. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  requestId: string;
}

export function requestMetaOf(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: (Array.isArray(ua) ? ua[0] : (ua ?? '')).slice(0, 500),
    requestId: String(request.id),
  };
}

export const ReqMeta = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestMeta =>
  requestMetaOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
