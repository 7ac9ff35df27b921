// Helpers shared by the benches that run the compiled server as real processes.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const print = (line) => process.stdout.write(line + '\n');
/** Where the benches compile the server (BENCH_BUILD_DIR: another compilation, e.g. an earlier commit's, with BENCH_SKIP_BUILD=1). */
export const BUILD = resolve(process.env.BENCH_BUILD_DIR ?? '.data/bench-build');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Compiles the server and the Twilio double into .data/bench-build (BENCH_SKIP_BUILD=1 reuses it). */
export function buildServerAndDouble() {
  const worker = join(BUILD, 'src/worker.js');
  const double = join(BUILD, 'test-support/twilio-double.js');
  if (existsSync(worker) && existsSync(double) && process.env.BENCH_SKIP_BUILD) return;
  print('compiling the server and the Twilio double into .data/bench-build …');
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', BUILD], { stdio: 'inherit' });
  execFileSync(
    'npx',
    [
      'tsc',
      '--ignoreConfig',
      'test/support/twilio-double.ts',
      '--outDir',
      join(BUILD, 'test-support'),
      '--module',
      'node20',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--skipLibCheck',
      '--types',
      'node',
    ],
    { stdio: 'inherit' },
  );
}

/** A scratch database on the bench's PostgreSQL server, dropped by the returned function. */
export async function scratchDatabase(prefix) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

export function freePort() {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Starts a compiled entry point (src/main.js or src/worker.js) with the given environment. */
export function startNode(entry, env, label) {
  const child = spawn(process.execPath, [join(BUILD, entry)], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-4000)));
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`${label} exited with ${code}\n${stderr}`);
    else if (signal && signal !== 'SIGTERM' && signal !== 'SIGKILL') console.error(`${label} died of ${signal}`);
  });
  return child;
}

/** Resident memory of a process in MB (Linux /proc), or null when it is gone. */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export async function waitForHttp(url, child, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

const sha = (s) => createHash('sha256').update(s).digest('hex');

/**
 * Writes N outbox rows (to +9665<numberBase + i>) (one administrator message each, as the outbox would)
 * without waking the queue; answers their ids and keys (for publishAttempts).
 */
export async function enqueueAdminMessages(databaseUrl, count, tag, numberBase = 60000000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The worker migrates and seeds the scratch database at its first start.
    for (let i = 0; ; i++) {
      const {
        rows: [t],
      } = await client.query(`SELECT to_regclass('assurance_templates') IS NOT NULL AS ready`);
      if (t.ready && (await client.query('SELECT count(*)::int AS n FROM assurance_templates')).rows[0].n >= 8) break;
      if (i > 600) throw new Error('the worker did not prepare the database');
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query('BEGIN');
    const vars = { 1: 'قياس الأداء', 2: 'admin', 3: tag, 4: '127.0.0.1', 5: 'الآن' };
    const {
      rows: [g],
    } = await client.query(
      `INSERT INTO assurance_notification_groups (type, variables_json, reason) VALUES ('securityAlert', $1, 'bench') RETURNING group_id`,
      [JSON.stringify(vars)],
    );
    const attempts = [];
    for (let i = 0; i < count; i++) {
      const to = `+9665${String(numberBase + i).padStart(8, '0')}`;
      const {
        rows: [r],
      } = await client.query(
        `INSERT INTO assurance_recipients (group_id, whatsapp, role, opted_in) VALUES ($1, $2, 'admin', true) RETURNING recipient_id`,
        [g.group_id, to],
      );
      const {
        rows: [a],
      } = await client.query(
        `INSERT INTO assurance_attempts (group_id, recipient_id, template_key, content_variables, idempotency_key)
         VALUES ($1, $2, 'securityAlert', $3, $4) RETURNING attempt_id AS "attemptId", idempotency_key AS "idempotencyKey"`,
        [g.group_id, r.recipient_id, JSON.stringify(vars), sha(`${g.group_id}:${r.recipient_id}:securityAlert`)],
      );
      attempts.push(a);
    }
    await client.query('COMMIT');
    return attempts;
  } finally {
    await client.end();
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

function statFields(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state, ppid, …, utime (11), stime (12), cutime (13), cstime (14).
    return text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) used by a process and every process under it, from /proc/<pid>/stat:
 * the live ones, and those already gone and waited for (their time is in the parent's cutime/cstime).
 * PostgreSQL forks a backend per connection under its postmaster; Redis forks to rewrite its log.
 */
export function treeCpuSeconds(rootPid) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (fields) parents.set(Number(name), fields[1]);
  }
  const isUnder = (pid) => {
    for (let p = pid, hops = 0; p && hops < 64; p = parents.get(p), hops++) if (p === rootPid) return true;
    return false;
  };
  let ticks = 0;
  const root = statFields(rootPid);
  if (!root) return null;
  ticks += root[13] + root[14];
  for (const pid of parents.keys()) {
    if (!isUnder(pid)) continue;
    const fields = statFields(pid);
    if (fields) ticks += fields[11] + fields[12];
  }
  return ticks / TICKS;
}

/**
 * Wakes the workers for these attempts as the application does after its commit (OutboxService.publish:
 * one job per claim, same queue, names, job ids and priorities, taken from the compiled server).
 */
export async function publishAttempts(redisUrl, redisPrefix, attempts) {
  const require = createRequire(import.meta.url);
  const { Queue } = require('bullmq');
  const { QUEUES, JOBS } = require(join(BUILD, 'src/common/queues/queues.js'));
  const { jobPriority } = require(join(BUILD, 'src/modules/messaging/outbox/priorities.js'));
  const url = new URL(redisUrl);
  const queue = new Queue(QUEUES.whatsappDelivery, {
    connection: {
      host: url.hostname,
      port: Number(url.port || 6379),
      password: url.password || undefined,
      db: Number(url.pathname.slice(1) || 0),
    },
    prefix: `${redisPrefix}:bull`,
  });
  try {
    await queue.addBulk(
      attempts.map((a) => ({
        name: JOBS.deliverAttempt,
        data: { attemptId: a.attemptId, claim: 0, key: a.idempotencyKey },
        opts: { jobId: `${a.idempotencyKey}.0`, priority: jobPriority('securityAlert') },
      })),
    );
  } finally {
    await queue.close();
  }
}
