import 'reflect-metadata';
import { createBackup } from './backup-run';
import { BackupScheduler } from './backup-scheduler';
import { runCommand } from './ops-cli';

const USAGE = `Usage: node dist/src/ops/backup-schedule.js
Runs until stopped: one backup a day at BACKUP_AT (Asia/Riyadh, default 03:00) into BACKUP_DIR (default
/backups), one at start when none is younger than 24 hours; keeps the newest BACKUP_KEEP (default 14) and
touches BACKUP_DIR/.last-success after each success.`;

runCommand(USAGE, async (_args, config, log) => {
  const scheduler = new BackupScheduler({
    dir: config.backup.dir,
    keep: config.backup.keep,
    at: config.backup.at,
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    backup: async (file) => {
      await createBackup(config, file, log);
    },
    log,
  });
  // A stop during a backup leaves a staging folder and a .partial file; the next start removes them.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'backup schedule stopping');
      process.exit(0);
    });
  }
  log.info({ dir: config.backup.dir, keep: config.backup.keep, at: `${config.backup.at} Asia/Riyadh` }, 'backup schedule started');
  await scheduler.run();
});
