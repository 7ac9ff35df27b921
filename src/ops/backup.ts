import 'reflect-metadata';
import { createBackup } from './backup-run';
import { megabytes, seconds } from './ops-context';
import { runCommand, UsageError } from './ops-cli';

const USAGE = `Usage: npm run backup -- FILE   (node dist/src/ops/backup.js FILE)
Writes one archive: the database (pg_dump, custom format) and every stored file, while the app runs.`;

runCommand(USAGE, async (args, config, log) => {
  const files = args.filter((a) => !a.startsWith('-'));
  if (files.length !== 1 || files.length !== args.length) throw new UsageError('Name one archive file to write.');
  const result = await createBackup(config, files[0], log);
  process.stdout.write(
    `Backup written: ${result.file} (${megabytes(result.bytes)}; ${result.manifest.storage.objects.length} files) in ` +
      `${seconds(result.ms.total)} (database ${seconds(result.ms.database)}, files ${seconds(result.ms.files)})\n`,
  );
});
