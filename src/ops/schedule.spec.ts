import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupScheduler, RETRY_AFTER_FAILURE_MS } from './backup-scheduler';
import { archiveName, LAST_SUCCESS, listArchives, needsBackup, nextRunAt, pruneArchives, removeLeftovers } from './schedule';

const HOUR = 60 * 60_000;
const tmp = () => mkdtempSync(join(tmpdir(), 'backup-schedule-'));

describe('the daily backup time (Asia/Riyadh, UTC+3)', () => {
  it('is 03:00 Riyadh = 00:00 UTC, today when still ahead, else tomorrow', () => {
    expect(nextRunAt(new Date('2026-03-09T23:59:00Z'), '03:00').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(nextRunAt(new Date('2026-03-10T00:00:00Z'), '03:00').toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(nextRunAt(new Date('2026-03-10T12:00:00Z'), '03:00').toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('follows the Riyadh date across UTC midnight (01:30 Riyadh is 22:30 UTC the day before)', () => {
    // 22:00 UTC on the 9th is already 01:00 on the 10th in Riyadh: 01:30 Riyadh is half an hour away.
    expect(nextRunAt(new Date('2026-03-09T22:00:00Z'), '01:30').toISOString()).toBe('2026-03-09T22:30:00.000Z');
    // 21:00 UTC on 31 December is midnight of the new year in Riyadh: 23:59 is that evening.
    expect(nextRunAt(new Date('2026-12-31T21:00:00Z'), '23:59').toISOString()).toBe('2027-01-01T20:59:00.000Z');
  });
});

describe('archives in the backup folder', () => {
  it('are named by their UTC time, listed newest first; other files are left alone', async () => {
    const dir = tmp();
    const names = ['2026-03-08T00:00:00Z', '2026-03-10T00:00:05Z', '2026-03-09T00:00:00Z'].map((t) => archiveName(new Date(t)));
    for (const name of names) writeFileSync(join(dir, name), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    writeFileSync(join(dir, 'charity-manual.tar'), 'a backup taken by hand');
    expect(names[1]).toBe('backup-2026-03-10T000005Z.tar');
    expect((await listArchives(dir)).map((a) => a.name)).toEqual([names[1], names[2], names[0]]);

    expect(await pruneArchives(dir, 2)).toEqual([names[0]]);
    expect(readdirSync(dir).sort()).toEqual(['charity-manual.tar', names[1], names[2], 'notes.txt'].sort());
  });

  it('removes what an interrupted backup left: its staging folder and half-written archive', async () => {
    const dir = tmp();
    const partial = `${archiveName(new Date('2026-03-10T00:00:00Z'))}.partial`;
    writeFileSync(join(dir, partial), 'half');
    mkdtempSync(join(dir, '.backup-'));
    writeFileSync(join(dir, 'keep.partial'), 'not ours');
    expect((await removeLeftovers(dir)).length).toBe(2);
    expect(readdirSync(dir)).toEqual(['keep.partial']);
  });

  it('needs a backup at start only when none is younger than 24 hours', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const at = (iso: string) => ({ name: archiveName(new Date(iso)), at: new Date(iso) });
    expect(needsBackup([], now)).toBe(true);
    expect(needsBackup([at('2026-03-09T11:59:00Z')], now)).toBe(true);
    expect(needsBackup([at('2026-03-09T12:01:00Z')], now)).toBe(false);
  });
});

/** A clock that moves only when the scheduler sleeps: a month of schedule runs in milliseconds. */
class ScriptedTime {
  constructor(public current: number) {}
  now = () => new Date(this.current);
  sleep = async (ms: number) => {
    this.current += ms;
  };
}

describe('the schedule', () => {
  it('backs up at start when nothing is recent, then daily at 03:00 Riyadh, keeping the newest BACKUP_KEEP', async () => {
    const dir = tmp();
    const time = new ScriptedTime(Date.parse('2026-03-10T09:00:00Z'));
    const taken: string[] = [];
    const log = { info: () => undefined, error: () => undefined };
    const scheduler: BackupScheduler = new BackupScheduler({
      dir,
      keep: 3,
      at: '03:00',
      now: time.now,
      sleep: time.sleep,
      backup: async (file) => {
        taken.push(new Date(time.current).toISOString());
        writeFileSync(file, 'archive');
        if (taken.length === 5) scheduler.stop();
      },
      log,
    });
    await scheduler.run();
    expect(taken).toEqual([
      '2026-03-10T09:00:00.000Z', // at start: the folder was empty
      '2026-03-11T00:00:00.000Z', // 03:00 in Riyadh
      '2026-03-12T00:00:00.000Z',
      '2026-03-13T00:00:00.000Z',
      '2026-03-14T00:00:00.000Z',
    ]);
    expect((await listArchives(dir)).map((a) => a.at.toISOString())).toEqual(taken.slice(2).reverse());
    expect(readFileSync(join(dir, LAST_SUCCESS), 'utf8')).toContain(archiveName(new Date(taken[4])));
  });

  it('takes no backup at start when one is younger than 24 hours', async () => {
    const dir = tmp();
    writeFileSync(join(dir, archiveName(new Date('2026-03-10T00:00:00Z'))), 'archive');
    const time = new ScriptedTime(Date.parse('2026-03-10T09:00:00Z'));
    const taken: string[] = [];
    const scheduler: BackupScheduler = new BackupScheduler({
      dir,
      keep: 14,
      at: '03:00',
      now: time.now,
      sleep: time.sleep,
      backup: async (file) => {
        taken.push(new Date(time.current).toISOString());
        writeFileSync(file, 'archive');
        scheduler.stop();
      },
      log: { info: () => undefined, error: () => undefined },
    });
    await scheduler.run();
    expect(taken).toEqual(['2026-03-11T00:00:00.000Z']);
  });

  it('after a failure, logs it and tries again an hour later; .last-success marks only a success', async () => {
    const dir = tmp();
    const time = new ScriptedTime(Date.parse('2026-03-10T09:00:00Z'));
    const errors: string[] = [];
    const attempts: string[] = [];
    const scheduler: BackupScheduler = new BackupScheduler({
      dir,
      keep: 1,
      at: '03:00',
      now: time.now,
      sleep: time.sleep,
      backup: async (file) => {
        attempts.push(new Date(time.current).toISOString());
        if (attempts.length < 3) throw new Error('pg_dump 16 or newer is needed');
        writeFileSync(file, 'archive');
        scheduler.stop();
      },
      log: { info: () => undefined, error: (_obj, msg) => errors.push(msg) },
    });
    await scheduler.run();
    expect(RETRY_AFTER_FAILURE_MS).toBe(HOUR);
    expect(attempts).toEqual(['2026-03-10T09:00:00.000Z', '2026-03-10T10:00:00.000Z', '2026-03-10T11:00:00.000Z']);
    expect(errors).toEqual(['daily backup failed: pg_dump 16 or newer is needed', 'daily backup failed: pg_dump 16 or newer is needed']);
    expect(statSync(join(dir, LAST_SUCCESS)).isFile()).toBe(true);
    expect(readFileSync(join(dir, LAST_SUCCESS), 'utf8')).toContain('backup-2026-03-10T110000Z.tar');
    expect(await listArchives(dir)).toHaveLength(1);
  });
});
