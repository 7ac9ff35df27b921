import 'reflect-metadata';
import { seconds } from './ops-context';
import { runCommand, UsageError } from './ops-cli';
import { restoreBackup } from './restore-run';

const USAGE = `Usage: npm run restore -- FILE [--overwrite]   (node dist/src/ops/restore.js FILE; FILE - reads standard input)
Loads a backup into the empty database (DATABASE_URL) and the empty storage (STORAGE_*, DATA_DIR) of this
configuration. Stop the app first. --overwrite replaces whatever they hold.`;

runCommand(USAGE, async (args, config, log) => {
  const overwrite = args.includes('--overwrite');
  const rest = args.filter((a) => a !== '--overwrite');
  if (rest.length !== 1 || (rest[0].startsWith('-') && rest[0] !== '-'))
    throw new UsageError('Name one archive file to restore (or - for standard input).');
  const result = await restoreBackup(config, rest[0], { overwrite }, log);
  const rows = result.manifest.database.rowCounts;
  process.stdout.write(
    `Restored the backup of ${result.manifest.createdAt} (app ${result.manifest.app.version}): ${rows.requests ?? 0} requests, ` +
      `${rows.users ?? 0} users, ${result.manifest.storage.objects.length} files, ${result.rekeyed} messages still to send, in ` +
      `${seconds(result.ms.total)} (unpack ${seconds(result.ms.unpack)}, database ${seconds(result.ms.database)}, files ${seconds(result.ms.files)})\n` +
      result.warnings.map((w) => `Warning: ${w}\n`).join(''),
  );
});
