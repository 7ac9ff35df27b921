import { ErrorCode, ERROR_MESSAGES } from './error-codes';

/**
 * A rule of the domain said no. Services throw it with a stable code; the exception filter turns it
 * into the error envelope with its HTTP status.
 */
export class DomainException extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message?: string,
    readonly options: {
      errors?: Record<string, string>;
      details?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message ?? (ERROR_MESSAGES as Record<string, string>)[code] ?? ERROR_MESSAGES.BAD_REQUEST);
    this.name = 'DomainException';
  }

  static validation(errors: Record<string, string>, message: string = ERROR_MESSAGES.VALIDATION_FAILED): DomainException {
    return new DomainException(400, 'VALIDATION_FAILED', message, { errors });
  }

  static notFound(message: string = ERROR_MESSAGES.NOT_FOUND): DomainException {
    return new DomainException(404, 'NOT_FOUND', message);
  }

  static unauthorized(message: string = ERROR_MESSAGES.UNAUTHORIZED, code: ErrorCode = 'UNAUTHORIZED'): DomainException {
    return new DomainException(401, code, message);
  }
}
