import { describe, expect, it } from '@jest/globals';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseTool, libpqConnection, majorOf, OpsError } from './pg-tools';

describe('PostgreSQL client programs', () => {
  it('reads the major version from --version (Debian, Homebrew, plain builds)', () => {
    expect(majorOf('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(majorOf('pg_restore (PostgreSQL) 17.2 (Homebrew)')).toBe(17);
    expect(majorOf('pg_dump (PostgreSQL) 18beta1')).toBe(18);
    expect(majorOf('something else')).toBeNull();
  });

  it('picks a pg_dump at least as new as the server, or says which client to install', async () => {
    // A program on PATH that answers like pg_dump 13.
    const bin = mkdtempSync(join(tmpdir(), 'pg-tools-'));
    writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 13.16"\n');
    chmodSync(join(bin, 'pg_dump'), 0o755);
    expect(await chooseTool('pg_dump', 13, 'test', bin)).toMatchObject({ path: join(bin, 'pg_dump'), major: 13 });
    const error = await chooseTool('pg_dump', 99, 'the database server is PostgreSQL 99.0', bin).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpsError);
    expect(String(error)).toContain('pg_dump 99 or newer is needed (the database server is PostgreSQL 99.0)');
    expect(String(error)).toContain(`${join(bin, 'pg_dump')} (13)`);
    expect(String(error)).toContain('apt-get install postgresql-client-99');
  });

  it('keeps the password off the command line and drops URL parameters libpq would refuse', () => {
    const { uri, env } = libpqConnection(
      'postgres://charity:p%40ss%2Fword@db.internal:5433/charity?ssl=true&application_name=x&sslrootcert=/ca.pem',
      'charity-backup',
    );
    expect(uri).toBe('postgresql://charity@db.internal:5433/charity?sslrootcert=%2Fca.pem&sslmode=require');
    expect(uri).not.toContain('p%40ss');
    expect(env).toMatchObject({ PGPASSWORD: 'p@ss/word', PGAPPNAME: 'charity-backup' });
    expect(libpqConnection('postgresql://u@h/db?sslmode=verify-full', 'a').uri).toBe('postgresql://u@h/db?sslmode=verify-full');
  });
});
