import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { DATABASE_DUMP, MANIFEST, writeArchive, writeManifest, type BackupManifest, ARCHIVE_FORMAT } from './archive';
import { objectStoreFor } from './object-stores';
import { OpsDatabase } from './ops-database.repository';
import { appIdentity, appSecretId, databaseUrlFor, megabytes, seconds } from './ops-context';
import { chooseTool, libpqConnection, OpsError, runTool } from './pg-tools';

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  ms: { database: number; files: number; total: number };
}

/**
 * Writes one archive (archive.ts) while the app runs. The database first, with pg_dump in a snapshot
 * exported by a read-only transaction that also reads the manifest's migrations and row counts, so all
 * of them describe the same instant; then the files, which never change once stored (a file deleted
 * between the two may be missing, one uploaded after the snapshot is simply extra). The archive is
 * written under a temporary name beside the target and renamed when complete and on disk.
 */
export async function createBackup(config: AppConfig, target: string, log: Logger): Promise<BackupResult> {
  const started = Date.now();
  const file = resolve(target);
  if (existsSync(file)) throw new OpsError(`${file} already exists; a backup never replaces a file. Choose another name.`);
  await mkdir(dirname(file), { recursive: true });
  const staging = await mkdtemp(join(dirname(file), '.backup-'));
  const partial = `${file}.partial`;
  try {
    const databaseStarted = Date.now();
    const database = await dumpDatabase(config, join(staging, DATABASE_DUMP), log);
    const databaseMs = Date.now() - databaseStarted;

    const filesStarted = Date.now();
    const store = objectStoreFor(config);
    const objects = await store.list();
    const folder = await store.materialise(objects, staging);
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: 1,
      createdAt: new Date(started).toISOString(),
      app: appIdentity(),
      database,
      storage: { driver: store.driver, source: store.describe, objects, bytes: objects.reduce((sum, o) => sum + o.size, 0) },
      appSecretId: appSecretId(config),
    };
    await writeManifest(join(staging, MANIFEST), manifest);
    await rm(partial, { force: true });
    await writeArchive(partial, staging, folder, objects);
    await rename(partial, file);
    const filesMs = Date.now() - filesStarted;

    const bytes = (await stat(file)).size;
    const result = { file, bytes, manifest, ms: { database: databaseMs, files: filesMs, total: Date.now() - started } };
    log.info(
      { file, bytes, objects: objects.length, rows: database.rowCounts, ms: result.ms },
      `backup written: ${basename(file)} (${megabytes(bytes)}, ${objects.length} files) in ${seconds(result.ms.total)}`,
    );
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

async function dumpDatabase(config: AppConfig, dumpFile: string, log: Logger): Promise<BackupManifest['database']> {
  const url = databaseUrlFor(config);
  const db = await OpsDatabase.connect(url, 'charity-backup');
  try {
    const server = await db.server();
    const pgDump = await chooseTool('pg_dump', server.major, `the database server is PostgreSQL ${server.version}`);
    log.info({ pgDump: pgDump.path, server: server.version }, 'backup: dumping the database');
    const snapshot = await db.exportSnapshot();
    const migrations = await db.appliedMigrations();
    const rowCounts = await db.rowCounts();
    const connection = libpqConnection(url, 'charity-backup');
    await runTool(
      pgDump.path,
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        // A migration holding a lock makes the dump fail instead of waiting without end.
        '--lock-wait-timeout=120000',
        '--no-owner',
        '--no-privileges',
        `--file=${dumpFile}`,
        `--dbname=${connection.uri}`,
      ],
      connection.env,
    );
    await db.endSnapshot();
    return {
      serverVersion: server.version,
      serverMajor: server.major,
      pgDumpVersion: pgDump.version,
      pgDumpMajor: pgDump.major,
      migrations,
      rowCounts,
    };
  } finally {
    await db.close();
  }
}
