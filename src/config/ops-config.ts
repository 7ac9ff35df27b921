import { resolve } from 'node:path';
import { isValidTime24 } from '../shared/time';
import type { Reader } from './env-reader';

/** The daily backup (node dist/src/ops/backup-schedule.js). */
export interface BackupConfig {
  /** Where the daily archives go (BACKUP_DIR). */
  dir: string;
  /** How many of the newest archives are kept (BACKUP_KEEP). */
  keep: number;
  /** Riyadh wall-clock time of the daily backup, 'HH:MM' (BACKUP_AT). */
  at: string;
}

/** Operations settings: backups and the Prometheus endpoint. Kept apart from app-config.ts to keep it short. */
export function readBackup(r: Reader, cwd: string): BackupConfig {
  const at = r.str('BACKUP_AT', '03:00');
  if (!isValidTime24(at)) r.problems.push(`BACKUP_AT must be a 24-hour time such as 03:00 (Asia/Riyadh) (got "${at}")`);
  return {
    dir: resolve(cwd, r.str('BACKUP_DIR', '/backups')),
    keep: r.int('BACKUP_KEEP', 14, 1, 3650),
    at: isValidTime24(at) ? at : '03:00',
  };
}

/** METRICS_TOKEN: unset, /metrics is not served at all. */
export function readMetricsToken(r: Reader): string | undefined {
  const token = r.str('METRICS_TOKEN');
  if (token !== undefined && token.length < 32) {
    r.problems.push('METRICS_TOKEN must be at least 32 characters long (for example: openssl rand -hex 32)');
  }
  return token;
}
