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

  /**
   * A refused input. With one field and no message of its own, the field's reason is the message too: a
   * screen that shows no field messages (a toast, a small card) then says why, not "check the fields".
   */
  static validation(errors: Record<string, string>, message?: string): DomainException {
    const reasons = Object.values(errors);
    const said = message ?? (reasons.length === 1 ? reasons[0] : ERROR_MESSAGES.VALIDATION_FAILED);
    return new DomainException(400, 'VALIDATION_FAILED', said, { errors });
  }

  static notFound(message: string = ERROR_MESSAGES.NOT_FOUND): DomainException {
    return new DomainException(404, 'NOT_FOUND', message);
  }

  static unauthorized(message: string = ERROR_MESSAGES.UNAUTHORIZED, code: ErrorCode = 'UNAUTHORIZED'): DomainException {
    return new DomainException(401, code, message);
  }
}
