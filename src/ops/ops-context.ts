import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { deriveKey } from '../common/crypto/secrets';
import { OpsError } from './pg-tools';

/**
 * The database backup and restore work on: DATABASE_URL, or, for a development machine running the
 * private PostgreSQL (no DATABASE_URL), the URL the app wrote to DATA_DIR/connection.env at start.
 */
export function databaseUrlFor(config: AppConfig): string {
  if (config.databaseUrl) return config.databaseUrl;
  const file = join(config.dataDir, 'connection.env');
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // no private server has run here
  }
  const line = text.split('\n').find((l) => l.startsWith('DATABASE_URL='));
  if (line) return line.slice('DATABASE_URL='.length).trim();
  throw new OpsError(
    `DATABASE_URL is not set, and ${file} (written by the app's private PostgreSQL while it runs) is missing. ` +
      'Set DATABASE_URL to the database to work on.',
  );
}

/** The app's name and version from package.json in the working directory (the image keeps it there). */
export function appIdentity(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { name?: string; version?: string };
    return { name: pkg.name ?? 'unknown', version: pkg.version ?? 'unknown' };
  } catch {
    return { name: 'unknown', version: 'unknown' };
  }
}

/** Names APP_SECRET without revealing it (a one-way derivation), to tell whether two deployments share it. */
export function appSecretId(config: AppConfig): string {
  return deriveKey(config.appSecret, 'backup-secret-id').toString('hex').slice(0, 16);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
