import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';

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

/** pino-pretty (a development dependency) on a terminal; undefined (JSON lines) when not a terminal or not installed. */
function terminalStream(): pino.DestinationStream | undefined {
  if (!process.stdout.isTTY) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional: absent in the production image
    const pretty = require('pino-pretty') as (options: Record<string, unknown>) => pino.DestinationStream;
    return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service', sync: true });
  } catch {
    return undefined;
  }
}

/** The application's structured logger: JSON lines on stdout unless another destination is given. */
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

/**
 * A process's logger from its configuration: lines a person can read on a development terminal
 * (unless LOG_FORMAT=json), JSON lines for the log collector everywhere else.
 */
export function loggerFor(config: Pick<AppConfig, 'logLevel' | 'logFormat' | 'nodeEnv'>): Logger {
  const readable = config.nodeEnv === 'development' && config.logFormat === 'auto';
  return createLogger(config.logLevel, readable ? terminalStream() : undefined);
}

/** Routes Nest's own log calls into pino so there is one log stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    // Nest lists every module and maps about a hundred routes at start: for debugging, not the start-up log.
    if (context === 'RouterExplorer' || context === 'RoutesResolver' || context === 'InstanceLoader')
      this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
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
