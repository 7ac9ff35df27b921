import { createReadStream } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { OpsError } from './pg-tools';
import type { RowCounts } from './ops-database.repository';
import { SAFE_KEY, type StoredObject } from './object-stores';

/**
 * One backup is one tar file (not compressed: the dump is compressed by pg_dump, images and PDFs
 * already are):
 *   manifest.json    what the archive holds (BackupManifest), first so `tar xOf FILE manifest.json` is quick
 *   database.dump    pg_dump --format=custom
 *   files/<key>      every stored file under the path the database refers to (also for S3: the objects
 *                    themselves, so a deleted bucket is recoverable too; the manifest keeps their ETags)
 */
export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database.dump';
export const FILES_PREFIX = 'files';
export const ARCHIVE_FORMAT = 'yanbu-food-rescue-backup';

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: 1;
  createdAt: string;
  app: { name: string; version: string };
  database: {
    serverVersion: string;
    serverMajor: number;
    pgDumpVersion: string;
    pgDumpMajor: number;
    /** schema_migrations names, in order: a restore refuses a backup from a newer app. */
    migrations: string[];
    /** Row counts read in the dump's own snapshot: a restore checks them. */
    rowCounts: RowCounts;
  };
  storage: { driver: 'local' | 's3'; source: string; objects: StoredObject[]; bytes: number };
  /** Identifies APP_SECRET without revealing it: a restore warns when the target's differs. */
  appSecretId: string;
}

/** Writes the archive: the manifest and dump from `staging`, then the files of `filesFolder`. */
export async function writeArchive(file: string, staging: string, filesFolder: string, objects: StoredObject[]): Promise<void> {
  await tar.c({ file, cwd: staging, strict: true }, [MANIFEST, DATABASE_DUMP]);
  // Appended from their own folder (the app's files folder, read in place), under files/.
  const keys = objects.map((o) => o.key);
  for (let i = 0; i < keys.length; i += 500) {
    await tar.r({ file, cwd: filesFolder, prefix: FILES_PREFIX, strict: true }, keys.slice(i, i + 500));
  }
  await fsyncFile(file);
}

/** Flushes a file and its folder entry to disk (a backup reported written must survive a power cut). */
export async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  const folder = await open(dirname(file), 'r').catch(() => null);
  if (folder) await folder.sync().catch(() => undefined);
  await folder?.close();
}

/** Which entries a restore takes from an archive: nothing outside this layout is written anywhere. */
function wanted(path: string): boolean {
  if (path === MANIFEST || path === DATABASE_DUMP) return true;
  if (!path.startsWith(`${FILES_PREFIX}/`)) return false;
  const key = path.slice(FILES_PREFIX.length + 1).replace(/\/$/, '');
  return key === '' || SAFE_KEY.test(key);
}

/** Unpacks an archive (a file, or '-' for standard input) into `folder`, which must exist and be private. */
export async function extractArchive(source: string, folder: string): Promise<void> {
  const input: Readable = source === '-' ? process.stdin : createReadStream(source);
  const skipped: string[] = [];
  try {
    await pipeline(
      input,
      tar.x({
        cwd: folder,
        strict: true,
        preserveOwner: false,
        filter: (path: string) => {
          const ok = wanted(path);
          if (!ok) skipped.push(path);
          return ok;
        },
      }),
    );
  } catch (error) {
    throw new OpsError(
      `${source === '-' ? 'The archive on standard input' : source} is not a readable backup: ${(error as Error).message}`,
    );
  }
  if (skipped.length) throw new OpsError(`The archive holds entries no backup of this app writes: ${skipped.slice(0, 5).join(', ')}`);
}

export async function writeManifest(path: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path, JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
}

export async function readManifest(path: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path, 'utf8')) as BackupManifest;
  } catch {
    throw new OpsError('The archive has no readable manifest.json: it is not a backup of this app.');
  }
  if (manifest.format !== ARCHIVE_FORMAT)
    throw new OpsError('The archive is not a backup of this app (manifest.json names another format).');
  if (manifest.formatVersion !== 1) {
    throw new OpsError(
      `The archive is format version ${manifest.formatVersion}; this app reads version 1. Restore it with the app that made it.`,
    );
  }
  return manifest;
}
