import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DomainException } from './domain.exception';
import { ErrorEnvelope, ERROR_MESSAGES } from './error-codes';
import { SitePages } from '../http/site-pages';
import { isDatabaseUnavailable } from './database-unavailable';
import { loggedPath } from '../http/logged-path';

/** How soon a client may try again when the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const STATUS_CODES: Record<number, keyof typeof ERROR_MESSAGES> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  name?: string;
}

/** A body Fastify could not parse as JSON (its own error codes, or the parser's SyntaxError). */
function isJsonParseError(error: FastifyLikeError): boolean {
  return error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.name === 'SyntaxError';
}

/**
 * Renders every error as the envelope of decisions.md with an Arabic message; outside /api, a 404
 * becomes the site's own page (the SPA for known routes, its 404 page otherwise).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly pages: SitePages,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const envelope = this.toEnvelope(exception, request);

    const path = (request.url ?? '/').split('?')[0];
    if (envelope.statusCode === 404 && !path.startsWith('/api') && request.method === 'GET') {
      if (this.pages.trySend(path, reply)) return;
    }

    if (exception instanceof DomainException && exception.options.headers) {
      for (const [name, value] of Object.entries(exception.options.headers)) reply.header(name, value);
    }
    if (envelope.code === 'DATABASE_UNAVAILABLE') reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    void reply.status(envelope.statusCode).header('content-type', 'application/json; charset=utf-8').send(envelope);
  }

  private toEnvelope(exception: unknown, request: FastifyRequest): ErrorEnvelope {
    if (exception instanceof DomainException) {
      return {
        statusCode: exception.status,
        code: exception.code,
        message: exception.message,
        ...(exception.options.errors ? { errors: exception.options.errors } : {}),
        ...(exception.options.details ? { details: exception.options.details } : {}),
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === HttpStatus.NOT_FOUND) {
        const isRoute = String((exception.getResponse() as { message?: unknown })?.message ?? '').startsWith('Cannot ');
        return {
          statusCode: 404,
          code: isRoute ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND',
          message: isRoute ? ERROR_MESSAGES.ROUTE_NOT_FOUND : ERROR_MESSAGES.NOT_FOUND,
        };
      }
      // Fastify's body-parser errors reach us wrapped by Nest, with an English message.
      if (status === HttpStatus.BAD_REQUEST && /JSON/i.test(exception.message)) {
        return { statusCode: 400, code: 'INVALID_JSON', message: ERROR_MESSAGES.INVALID_JSON };
      }
      const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
      if (status >= 500) this.logUnexpected(exception, request);
      return { statusCode: status, code, message: ERROR_MESSAGES[code] };
    }
    // Errors raised by Fastify itself before our code runs (bad JSON, wrong content type, body too large).
    const fastifyError = exception as FastifyLikeError;
    if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const status = fastifyError.statusCode;
      if (isJsonParseError(fastifyError)) {
        return { statusCode: 400, code: 'INVALID_JSON', message: ERROR_MESSAGES.INVALID_JSON };
      }
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
      return { statusCode: status, code, message: ERROR_MESSAGES[code] };
    }
    // The database or its pool is away (restarting, full): the call can be made again shortly.
    if (isDatabaseUnavailable(exception)) {
      this.logDatabaseUnavailable(exception);
      return { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: ERROR_MESSAGES.DATABASE_UNAVAILABLE };
    }
    this.logUnexpected(exception, request);
    return { statusCode: 500, code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR };
  }

  private lastDatabaseLog = 0;

  /** One line per 10 s while the database is away (every call fails the same way). */
  private logDatabaseUnavailable(exception: unknown): void {
    const now = Date.now();
    if (now - this.lastDatabaseLog < 10_000) return;
    this.lastDatabaseLog = now;
    this.logger.error(
      { err: exception instanceof Error ? exception : new Error(String(exception)) },
      'database unavailable; answering 503',
    );
  }

  private logUnexpected(exception: unknown, request: FastifyRequest): void {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error({ reqId: request.id, method: request.method, route: loggedPath(request.url), err }, 'unhandled error');
  }
}
