import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

/** Fields that must never reach the log, wherever they appear. */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'verificationCode',
  'masterCode',
  'securityAnswer',
  'token',
  'authorization',
  '*.password',
  '*.newPassword',
  '*.verificationCode',
  '*.masterCode',
  '*.securityAnswer',
  '*.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];

/** The application's structured logger (JSON lines on stdout). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'charity' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** Routes Nest's own log calls into pino so there is one log stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}

/** Injection token for the pino logger. */
export const APP_LOGGER = Symbol('APP_LOGGER');
