import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { migrations } from '../database/migrations';
import { rekeyOpenAttempts } from '../modules/messaging/outbox/outbox-restore.repository';
import { DATABASE_DUMP, extractArchive, FILES_PREFIX, MANIFEST, readManifest, type BackupManifest } from './archive';
import { filesUnder, objectStoreFor, type ObjectStore } from './object-stores';
import { OpsDatabase } from './ops-database.repository';
import { appSecretId, databaseUrlFor, seconds } from './ops-context';
import { chooseTool, libpqConnection, OpsError, runTool } from './pg-tools';

export interface RestoreOptions {
  /** Replace what the target database and storage hold (otherwise a non-empty target is refused). */
  overwrite: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Messages still waiting that were given new job keys (see rekeyOpenAttempts). */
  rekeyed: number;
  warnings: string[];
  ms: { unpack: number; database: number; files: number; total: number };
}

/**
 * Loads an archive into the database and storage the configuration names: refuses a target that
 * holds anything unless told to overwrite, unpacks into a private folder, checks the manifest against
 * what was unpacked and against this app's migrations, restores the database in one transaction
 * (all or nothing), gives waiting messages new job keys, checks the row counts, then puts the files in
 * place. The app's own migrations bring an older backup up to date when it starts.
 */
export async function restoreBackup(config: AppConfig, source: string, options: RestoreOptions, log: Logger): Promise<RestoreResult> {
  const started = Date.now();
  const url = databaseUrlFor(config);
  const store = objectStoreFor(config);
  const warnings: string[] = [];
  const db = await OpsDatabase.connect(url, 'charity-restore');
  let staging: string | undefined;
  try {
    await refuseUnlessEmpty(db, store, options.overwrite);

    // Unpacked beside the files folder (same disk: the files are then moved, not copied).
    const stagingParent = store.driver === 'local' ? dirname(config.storage.localDir) : tmpdir();
    await mkdir(stagingParent, { recursive: true });
    staging = await mkdtemp(join(stagingParent, '.restore-'));
    await extractArchive(source, staging);
    const manifest = await readManifest(join(staging, MANIFEST));
    const filesFolder = join(staging, FILES_PREFIX);
    await checkContents(manifest, filesFolder);
    checkMigrations(manifest);
    const unpackMs = Date.now() - started;

    const databaseStarted = Date.now();
    const server = await db.server();
    if (server.major < manifest.database.serverMajor) {
      warnings.push(
        `the backup comes from PostgreSQL ${manifest.database.serverVersion} and this server is ${server.version}; ` +
          'if the restore fails, restore into a server of the same major version or newer',
      );
    }
    const pgRestore = await chooseTool(
      'pg_restore',
      manifest.database.pgDumpMajor,
      `the archive was written by ${manifest.database.pgDumpVersion}`,
    );
    if (options.overwrite) await db.dropPublicSchema();
    log.info({ pgRestore: pgRestore.path, createdAt: manifest.createdAt }, 'restore: loading the database');
    const connection = libpqConnection(url, 'charity-restore');
    await runTool(
      pgRestore.path,
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        `--dbname=${connection.uri}`,
        join(staging, DATABASE_DUMP),
      ],
      connection.env,
    );
    const rekeyed = await rekeyOpenAttempts(db.queryable);
    const counts = await db.rowCounts();
    const differing = Object.entries(manifest.database.rowCounts).filter(([table, n]) => counts[table as keyof typeof counts] !== n);
    if (differing.length) {
      throw new OpsError(
        `The restored database does not hold what the backup recorded: ${differing
          .map(([table, n]) => `${table} ${counts[table as keyof typeof counts] ?? 'missing'} instead of ${n}`)
          .join(', ')}`,
      );
    }
    // Statistics now, not whenever autovacuum comes (never, where it is off): plans chosen on an empty
    // catalogue can walk a whole date's requests for every new one.
    await db.analyze();
    const databaseMs = Date.now() - databaseStarted;

    const filesStarted = Date.now();
    await store.load(filesFolder, manifest.storage.objects, options.overwrite);
    const filesMs = Date.now() - filesStarted;

    if (manifest.appSecretId !== appSecretId(config)) {
      warnings.push(
        'APP_SECRET differs from the one the backup was made with: administrators sign in again, and login codes ' +
          'still waiting to be sent cannot be read (they expire anyway). Use the old APP_SECRET to avoid this.',
      );
    }
    for (const warning of warnings) log.warn(`restore: ${warning}`);
    const result = {
      manifest,
      rekeyed,
      warnings,
      ms: { unpack: unpackMs, database: databaseMs, files: filesMs, total: Date.now() - started },
    };
    log.info(
      { rows: counts, objects: manifest.storage.objects.length, rekeyed, ms: result.ms },
      `restore done: backup of ${manifest.createdAt} loaded in ${seconds(result.ms.total)}`,
    );
    return result;
  } finally {
    await db.close();
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}

async function refuseUnlessEmpty(db: OpsDatabase, store: ObjectStore, overwrite: boolean): Promise<void> {
  const [objects, files] = await Promise.all([db.userObjects(), store.sample()]);
  if (overwrite) return;
  const problems: string[] = [];
  if (objects.total) problems.push(`the database holds ${objects.total} tables or other objects (${objects.sample.join(', ')}, …)`);
  if (files.length) problems.push(`${store.describe} is not empty (${files.join(', ')}, …)`);
  if (!problems.length) return;
  throw new OpsError(
    `Refusing to restore: ${problems.join('; and ')}. A restore goes into an empty database and empty storage ` +
      '(stop the app first, and do not let it start on them: it would create its tables). To replace what is there, ' +
      'run the restore again with --overwrite; everything in them is then lost.',
  );
}

/** Every stored file the manifest lists was unpacked, at its size. */
async function checkContents(manifest: BackupManifest, filesFolder: string): Promise<void> {
  const unpacked = await filesUnder(filesFolder);
  const missing = manifest.storage.objects.filter((o) => unpacked.get(o.key) !== o.size);
  if (missing.length) {
    throw new OpsError(
      `The archive is incomplete: ${missing.length} stored files missing or cut short (${missing
        .slice(0, 3)
        .map((o) => o.key)
        .join(', ')}, …)`,
    );
  }
}

/** A backup from a newer app has migrations this one does not know; restoring it would break the app. */
function checkMigrations(manifest: BackupManifest): void {
  const known = new Set(migrations.map((m) => m.name));
  const unknown = manifest.database.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new OpsError(
      `The backup was made by a newer version of the app (${manifest.app.version}; migrations this version does not have: ` +
        `${unknown.join(', ')}). Restore it with that version or newer.`,
    );
  }
}
