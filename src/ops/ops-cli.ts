import type { Logger } from 'pino';
import { AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { createLogger } from '../common/logging/logger';
import { OpsError } from './pg-tools';

/**
 * Runs an operations command: the app's configuration and logger, one clear line on failure (an
 * operator's mistake or a missing tool is not a stack trace), exit code 0, 1 (failed) or 2 (usage).
 */
export function runCommand(usage: string, main: (args: string[], config: AppConfig, log: Logger) => Promise<void>): void {
  // Backups hold personal data: every file and folder these commands create is the owner's alone.
  process.umask(0o077);
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(usage + '\n');
    return;
  }
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  main(args, config, log).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`${error.message}\n${usage}\n`);
        process.exit(2);
      }
      const message = error instanceof OpsError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      log.error({ err: error instanceof OpsError ? undefined : error }, message.split('\n')[0]);
      process.stderr.write(message + '\n');
      process.exit(1);
    },
  );
}

export class UsageError extends Error {}
