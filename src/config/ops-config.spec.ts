import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';

const dir = () => mkdtempSync(join(tmpdir(), 'ops-config-'));

describe('backup and monitoring settings', () => {
  it('default to /backups, 14 archives, 03:00 Riyadh, and no /metrics', () => {
    const d = dir();
    const config = loadConfig({ DATA_DIR: d }, d);
    expect(config.backup).toEqual({ dir: '/backups', keep: 14, at: '03:00' });
    expect(config.metricsToken).toBeUndefined();
  });

  it('take a relative BACKUP_DIR from the working directory, and any time of day', () => {
    const d = dir();
    const config = loadConfig(
      { DATA_DIR: d, BACKUP_DIR: 'archives', BACKUP_KEEP: '30', BACKUP_AT: '23:45', METRICS_TOKEN: 'x'.repeat(32) },
      d,
    );
    expect(config.backup).toEqual({ dir: join(d, 'archives'), keep: 30, at: '23:45' });
    expect(config.metricsToken).toBe('x'.repeat(32));
  });

  it('refuse a time that is not HH:MM, no archives kept, and a short METRICS_TOKEN', () => {
    const d = dir();
    expect(() => loadConfig({ DATA_DIR: d, BACKUP_AT: '3am', BACKUP_KEEP: '0', METRICS_TOKEN: 'secret' }, d)).toThrow(
      /BACKUP_AT must be a 24-hour time such as 03:00[\s\S]*BACKUP_KEEP must be a whole number between 1 and 3650[\s\S]*METRICS_TOKEN must be at least 32 characters/,
    );
    expect(() => loadConfig({ DATA_DIR: d, BACKUP_AT: '24:00' }, d)).toThrow(/BACKUP_AT/);
  });
});
