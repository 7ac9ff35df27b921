import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { archiveName, listArchives, markSuccess, needsBackup, nextRunAt, pruneArchives, removeLeftovers } from './schedule';

/** After a failed backup, the next try comes this much later (or at the daily time, if sooner). */
export const RETRY_AFTER_FAILURE_MS = 60 * 60_000;
/** Waits are cut into slices this long, so a clock that jumps (a suspended machine) is noticed. */
const SLICE_MS = 60_000;

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  dir: string;
  keep: number;
  /** Riyadh 'HH:MM'. */
  at: string;
  now(): Date;
  sleep(ms: number): Promise<void>;
  /** Writes one archive to `file` (createBackup in production). */
  backup(file: string): Promise<void>;
  log: SchedulerLog;
}

/**
 * The daily backup: one archive a day at BACKUP_AT (Riyadh), one at start when none is younger than
 * 24 hours (a server that was off at the usual time still gets its backup), the newest BACKUP_KEEP
 * kept, `.last-success` touched after each success. A failure is logged and tried again an hour later.
 */
export class BackupScheduler {
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  stop(): void {
    this.stopped = true;
  }

  /** One backup, then retention; false when it failed (logged). */
  async runOnce(): Promise<boolean> {
    const { dir, keep, log } = this.options;
    const at = this.options.now();
    const name = archiveName(at);
    try {
      await mkdir(dir, { recursive: true });
      await this.options.backup(join(dir, name));
      await markSuccess(dir, name, this.options.now());
      const removed = await pruneArchives(dir, keep);
      log.info({ archive: name, removed, keep }, `daily backup done: ${name}${removed.length ? `; removed ${removed.join(', ')}` : ''}`);
      return true;
    } catch (error) {
      log.error({ err: error, archive: name }, `daily backup failed: ${(error as Error).message?.split('\n')[0]}`);
      return false;
    }
  }

  /** Runs until stop(): the catch-up backup at start, then one a day. */
  async run(): Promise<void> {
    const { dir, at, log } = this.options;
    const leftovers = await removeLeftovers(dir);
    if (leftovers.length) log.info({ leftovers }, 'removed what an interrupted backup left behind');
    let ok = true;
    if (needsBackup(await listArchives(dir), this.options.now())) ok = await this.runOnce();
    while (!this.stopped) {
      const now = this.options.now();
      const daily = nextRunAt(now, at);
      const retry = ok ? daily : new Date(Math.min(daily.getTime(), now.getTime() + RETRY_AFTER_FAILURE_MS));
      log.info({ next: retry.toISOString() }, 'next backup scheduled');
      while (!this.stopped && this.options.now().getTime() < retry.getTime()) {
        await this.options.sleep(Math.min(SLICE_MS, retry.getTime() - this.options.now().getTime()));
      }
      if (this.stopped) return;
      ok = await this.runOnce();
    }
  }
}
