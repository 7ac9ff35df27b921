import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  path: string;
  major: number;
  /** What `--version` printed, e.g. "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)". */
  version: string;
}

export class OpsError extends Error {}

/**
 * Where PostgreSQL client programs live besides PATH: Debian/Ubuntu keep one folder per major version
 * (/usr/lib/postgresql/<N>/bin; /usr/bin/pg_dump is a wrapper that may pick another), Red Hat
 * /usr/pgsql-<N>/bin, Homebrew postgresql@<N>.
 */
const VERSIONED_FOLDERS: { root: string; pattern: RegExp; bin: (name: string) => string }[] = [
  { root: '/usr/lib/postgresql', pattern: /^\d+$/, bin: (name) => join('/usr/lib/postgresql', name, 'bin') },
  { root: '/usr', pattern: /^pgsql-\d+$/, bin: (name) => join('/usr', name, 'bin') },
  { root: '/opt/homebrew/opt', pattern: /^postgresql@\d+$/, bin: (name) => join('/opt/homebrew/opt', name, 'bin') },
  { root: '/usr/local/opt', pattern: /^postgresql@\d+$/, bin: (name) => join('/usr/local/opt', name, 'bin') },
];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function candidateFolders(pathVariable: string): string[] {
  const folders: string[] = [];
  for (const spot of VERSIONED_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(spot.root).filter((name) => spot.pattern.test(name));
    } catch {
      continue;
    }
    folders.push(...names.map(spot.bin));
  }
  folders.push(...pathVariable.split(delimiter).filter(Boolean));
  return [...new Set(folders)];
}

function versionOf(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, ['--version'], { encoding: 'utf8', timeout: 10_000 }, (error, stdout) => resolve(error ? null : stdout.trim()));
  });
}

/** The major version in "pg_dump (PostgreSQL) 15.20 …" (10 and later: the first number). */
export function majorOf(versionText: string): number | null {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionText) ?? /PostgreSQL\)?\s*(\d+)/.exec(versionText);
  return match ? Number(match[1]) : null;
}

/** Every copy of `tool` on this machine with its major version, lowest first. */
export async function findTools(tool: PgTool, pathVariable = process.env.PATH ?? ''): Promise<FoundTool[]> {
  const found: FoundTool[] = [];
  for (const folder of candidateFolders(pathVariable)) {
    const file = join(folder, tool);
    if (!executable(file)) continue;
    const version = await versionOf(file);
    const major = version ? majorOf(version) : null;
    if (version && major !== null) found.push({ path: file, major, version });
  }
  return found.sort((a, b) => a.major - b.major);
}

/**
 * The copy of `tool` to use for a given major version: the lowest major at least `minMajor` (pg_dump
 * must be as new as the server; the archive then needs a pg_restore as new as that pg_dump, so the
 * lowest that works keeps the archive readable by the most machines). Throws saying what to install.
 */
export async function chooseTool(tool: PgTool, minMajor: number, why: string, pathVariable?: string): Promise<FoundTool> {
  const all = await findTools(tool, pathVariable);
  const fit = all.find((t) => t.major >= minMajor);
  if (fit) return fit;
  const seen = all.length ? `found only ${all.map((t) => `${t.path} (${t.major})`).join(', ')}` : 'found none';
  throw new OpsError(
    `${tool} ${minMajor} or newer is needed (${why}); ${seen} on PATH or under /usr/lib/postgresql/<N>/bin. ` +
      `Install the PostgreSQL ${minMajor} client programs (Debian/Ubuntu: apt-get install postgresql-client-${minMajor}, ` +
      `from apt.postgresql.org when the distribution's version is older) or put their folder on PATH.`,
  );
}

/** libpq understands these URI parameters; node-pg's own ones (ssl=true, …) would make it refuse the URI. */
const LIBPQ_PARAMS = new Set([
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'sslcrl',
  'connect_timeout',
  'options',
  'target_session_attrs',
  'keepalives',
]);

/**
 * A DATABASE_URL as libpq's programs take it: the URI without its password (which would show in the
 * process list) and the password in PGPASSWORD.
 */
export function libpqConnection(databaseUrl: string, applicationName: string): { uri: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = { PGAPPNAME: applicationName, PGCONNECT_TIMEOUT: '15' };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  const ssl = url.searchParams.get('ssl');
  for (const key of [...url.searchParams.keys()]) if (!LIBPQ_PARAMS.has(key)) url.searchParams.delete(key);
  if (ssl && ['true', '1'].includes(ssl) && !url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'require');
  url.protocol = 'postgresql:';
  return { uri: url.toString(), env };
}

/** Runs a client program; rejects with its last lines of error output when it fails. */
export function runTool(file: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error) => reject(new OpsError(`${file} could not run: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new OpsError(`${file} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`));
    });
  });
}
