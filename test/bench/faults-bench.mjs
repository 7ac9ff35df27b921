#!/usr/bin/env node
// Delivery through a Redis outage: a 500-message batch is being sent through the twilio driver to the local
// Twilio double when a private redis-server is killed with SIGKILL, then started again on the same port after
// 2 s and 20 s (BENCH_OUTAGES=2,20,120 adds two minutes). Each outage runs twice: the worker in the api process
// (the default `npm start`) and the worker apart (the production shape). For each run it prints every process's
// peak resident memory against its steady state while sending (the baseline, measured in the same run), how many
// health checks the api answered during the outage, the time from Redis's return to the last send, and the
// batch's sent, duplicates and lost.
//
//   npm run bench:faults
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   server where a scratch database is made
//   BENCH_OUTAGES=2,20   BENCH_MESSAGES=500   BENCH_RATE=40   BENCH_SKIP_BUILD=1
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BUILD,
  buildServerAndDouble,
  enqueueAdminMessages,
  freePort,
  median,
  print,
  rssMb,
  scratchDatabase,
  startNode,
  waitForHttp,
} from './bench-support.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 40);
const OUTAGES = (process.env.BENCH_OUTAGES ?? '2,20').split(',').map(Number);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class PrivateRedis {
  constructor(binary, port) {
    this.binary = binary;
    this.port = port;
    this.child = null;
  }
  async up() {
    this.child = spawn(this.binary, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await sleep(300);
  }
  async kill() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

/** Samples every process's RSS every 100 ms; `window(from, to)` gives the samples between two instants. */
function sampler(processes) {
  const samples = processes.map(() => []);
  const timer = setInterval(() => {
    const now = Date.now();
    processes.forEach((p, i) => {
      const mb = rssMb(p.child.pid);
      if (mb !== null) samples[i].push({ at: now, mb });
    });
  }, 100);
  return {
    stop: () => clearInterval(timer),
    window: (i, from, to) => samples[i].filter((s) => s.at >= from && s.at <= to).map((s) => s.mb),
  };
}

async function runOnce({ mode, outageS, databaseUrl, double, redisBinary, numberBase }) {
  const redis = new PrivateRedis(redisBinary, await freePort());
  await redis.up();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'charity-faults-'));
  const env = {
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redis.port}`,
    REDIS_PREFIX: `faults-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'error',
    WHATSAPP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: double.accountSid,
    TWILIO_AUTH_TOKEN: double.authToken,
    TWILIO_FROM: 'whatsapp:+14155238886',
    TWILIO_BASE_URL: double.url,
    WHATSAPP_RATE_PER_SECOND: String(RATE),
    WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '0',
    ADMIN_PASSWORD: 'bench-password',
    WORKER_IN_PROCESS: mode === 'in-process' ? 'true' : 'false',
  };
  const processes = [{ name: mode === 'in-process' ? 'api+worker' : 'api', child: startNode('src/main.js', env, 'api') }];
  if (mode === 'apart') processes.push({ name: 'worker', child: startNode('src/worker.js', env, 'worker') });
  const health = `http://127.0.0.1:${port}/api/health`;
  try {
    await waitForHttp(health, processes[0].child);
    await sleep(3000); // the worker's first sweep, the heartbeat
    const rss = sampler(processes);
    const mine = (m) => {
      const n = Number(m.to.slice('whatsapp:+9665'.length));
      return n >= numberBase && n < numberBase + MESSAGES;
    };
    const arrived = () => double.messages.filter(mine);
    await enqueueAdminMessages(databaseUrl, MESSAGES, `${mode} ${outageS}s`, numberBase);
    while (arrived().length < MESSAGES * 0.2) await sleep(20);
    const steadyFrom = Date.now() - 2000;
    const killedAt = Date.now();
    await redis.kill();

    // During the outage: the api's health check, every 250 ms, must answer (503 naming Redis).
    let asked = 0;
    let answered = 0;
    let slowest = 0;
    while (Date.now() < killedAt + outageS * 1000) {
      const started = Date.now();
      asked += 1;
      try {
        const res = await fetch(health, { signal: AbortSignal.timeout(5000) });
        if (res.status === 503 || res.ok) answered += 1;
      } catch {
        // counted as not answered
      }
      slowest = Math.max(slowest, Date.now() - started);
      await sleep(250);
    }
    await redis.up();
    const backAt = Date.now();
    const deadline = backAt + 180_000;
    while (new Set(arrived().map((m) => m.to)).size < MESSAGES && Date.now() < deadline) await sleep(50);
    await sleep(3000); // late duplicates, if any
    const endAt = Date.now();
    rss.stop();
    const batch = arrived();
    const distinct = new Set(batch.map((m) => m.to)).size;
    const lastSend = Math.max(...batch.map((m) => m.dateCreated.getTime()));
    const afterReturn = batch.map((m) => m.dateCreated.getTime()).filter((at) => at >= backAt);
    const firstSend = afterReturn.length ? Math.min(...afterReturn) : null;
    const leftAtReturn = MESSAGES - new Set(batch.filter((m) => m.dateCreated.getTime() < backAt).map((m) => m.to)).size;
    const memory = processes.map((p, i) => {
      const steady = median(rss.window(i, steadyFrom, killedAt));
      const peak = Math.max(...rss.window(i, killedAt, endAt));
      return { name: p.name, steady, peak, alive: p.child.exitCode === null && p.child.signalCode === null };
    });
    // SIGTERM: every process must stop within 10 s.
    const stops = await Promise.all(
      processes.map(async (p) => {
        if (p.child.exitCode !== null) return null;
        const t0 = Date.now();
        p.child.kill('SIGTERM');
        const exited = await Promise.race([new Promise((r) => p.child.once('exit', () => r(true))), sleep(10_000).then(() => false)]);
        return exited ? Date.now() - t0 : Infinity;
      }),
    );
    return {
      mode,
      outageS,
      memory,
      health: { asked, answered, slowest },
      firstS: firstSend === null ? null : (firstSend - backAt) / 1000,
      resumeS: distinct === MESSAGES ? Math.max(0, (lastSend - backAt) / 1000) : null,
      leftAtReturn,
      sent: distinct,
      duplicates: batch.length - distinct,
      lost: MESSAGES - distinct,
      stops,
    };
  } finally {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await redis.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(r) {
  const mem = r.memory
    .map(
      (m) =>
        `${m.name} steady ${m.steady.toFixed(0)} MB peak ${m.peak.toFixed(0)} MB (×${(m.peak / m.steady).toFixed(2)}, +${(m.peak - m.steady).toFixed(0)} MB)${m.alive ? '' : ' DIED'}`,
    )
    .join('; ');
  print(`\nworker ${r.mode}, Redis down ${r.outageS} s`);
  print(`  memory: ${mem}`);
  print(`  health during the outage: ${r.health.answered}/${r.health.asked} answered, slowest ${r.health.slowest} ms`);
  print(
    `  from Redis's return: first send ${r.firstS === null ? 'never' : r.firstS.toFixed(1) + ' s'}, last send ${r.resumeS === null ? 'never (not all sent)' : r.resumeS.toFixed(1) + ' s'} (${r.leftAtReturn} left to send at ${RATE}/s: ${(r.leftAtReturn / RATE).toFixed(1)} s at best)`,
  );
  print(`  sent ${r.sent}/${MESSAGES}, duplicates ${r.duplicates}, lost ${r.lost}`);
  print(
    `  SIGTERM to exit: ${r.stops.map((ms) => (ms === null ? 'already gone' : ms === Infinity ? 'over 10 s' : `${ms} ms`)).join(', ')}`,
  );
  const ok =
    r.lost === 0 &&
    r.duplicates === 0 &&
    r.firstS !== null &&
    r.firstS <= 10 &&
    r.resumeS !== null &&
    r.resumeS <= 10 + r.leftAtReturn / Math.max(RATE, 1) + 2 &&
    r.memory.every((m) => m.alive && m.peak - m.steady <= 50) &&
    r.health.answered === r.health.asked &&
    r.stops.every((ms) => ms !== Infinity);
  print(
    `  ${ok ? 'holds' : 'does NOT hold'}: nothing lost or doubled, memory within 50 MB of steady, health answered, resumed, SIGTERM < 10 s`,
  );
  return ok;
}

async function main() {
  buildServerAndDouble();
  const require = createRequire(import.meta.url);
  const { TwilioDouble } = require(join(BUILD, 'test-support/twilio-double.js'));
  const { findRedisServer } = require(join(BUILD, 'src/infra/embedded-redis.js'));
  const redisBinary = findRedisServer();
  if (!redisBinary) throw new Error('redis-server not found (apt-get install redis-server)');
  const double = await new TwilioDouble().start();
  // A provider that takes a little time, as a real one does.
  double.defaultBehaviour = { kind: 'accept', delayMs: 15 };
  const db = await scratchDatabase('bench_faults');
  let allOk = true;
  try {
    print(`Redis outages during a ${MESSAGES}-message batch (provider rate ${RATE}/s), Redis killed with SIGKILL`);
    let base = 40000000;
    for (const outageS of OUTAGES) {
      for (const mode of ['in-process', 'apart']) {
        base += 100000;
        allOk = report(await runOnce({ mode, outageS, databaseUrl: db.url, double, redisBinary, numberBase: base })) && allOk;
      }
    }
  } finally {
    await double.stop();
    await db.drop();
  }
  if (!allOk) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
