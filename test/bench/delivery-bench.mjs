#!/usr/bin/env node
// WhatsApp delivery throughput: a real worker process (compiled server) delivers outbox rows through the
// twilio driver to the local Twilio double (test/support/twilio-double.ts), once with the rate limit
// off and once on, and prints messages per second and the ratio to the configured limit.
//
//   node test/bench/delivery-bench.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   server where a scratch database is made
//   BENCH_REDIS_URL=redis://127.0.0.1:6379/0                        Redis (a fresh key prefix per run)
//   BENCH_MESSAGES=800  BENCH_RATE=80  BENCH_CONCURRENCY=20
//   BENCH_SKIP_BUILD=1   reuse the last compilation in .data/bench-build (compiled afresh by default)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BUILD, buildServerAndDouble, enqueueAdminMessages, print } from './bench-support.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 800);
const RATE = Number(process.env.BENCH_RATE ?? 80);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const WORKER = join(BUILD, 'src/worker.js');
const DOUBLE = join(BUILD, 'test-support/twilio-double.js');

function startWorker(env) {
  const child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-4000)));
  child.on('exit', (code) => code && code !== 0 && console.error(`worker exited with ${code}\n${stderr}`));
  return child;
}

async function runOnce({ label, rate, databaseUrl, double, doubleUrl }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'charity-bench-'));
  const before = double.messages.length;
  const worker = startWorker({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'error',
    WHATSAPP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: double.accountSid,
    TWILIO_AUTH_TOKEN: double.authToken,
    TWILIO_FROM: 'whatsapp:+14155238886',
    TWILIO_BASE_URL: doubleUrl,
    WHATSAPP_RATE_PER_SECOND: String(rate),
    WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '0',
    WORKER_CONCURRENCY: String(CONCURRENCY),
    OUTBOX_SWEEP_INTERVAL_MS: '250',
    ADMIN_PASSWORD: 'bench-password',
  });
  try {
    await enqueueAdminMessages(databaseUrl, MESSAGES, label);
    const deadline = Date.now() + 10 * 60_000;
    while (double.messages.length - before < MESSAGES) {
      if (Date.now() > deadline || worker.exitCode !== null)
        throw new Error(`${label}: only ${double.messages.length - before} of ${MESSAGES} arrived`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const times = double.messages
      .slice(before)
      .map((m) => m.dateCreated.getTime())
      .sort((a, b) => a - b);
    // Steady state: from the 10th percentile arrival to the last one.
    const from = Math.floor(times.length * 0.1);
    const seconds = (times[times.length - 1] - times[from]) / 1000;
    return (times.length - 1 - from) / Math.max(seconds, 0.001);
  } finally {
    worker.kill('SIGTERM');
    await new Promise((r) => (worker.exitCode !== null ? r() : worker.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  buildServerAndDouble();
  const { TwilioDouble } = createRequire(import.meta.url)(DOUBLE);
  const double = await new TwilioDouble().start();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `bench_delivery_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  try {
    const off = await runOnce({ label: 'limiter off', rate: 0, databaseUrl, double, doubleUrl: double.url });
    const on = await runOnce({ label: 'limiter on', rate: RATE, databaseUrl, double, doubleUrl: double.url });
    print(`\nWhatsApp delivery through the twilio driver to the local double (${MESSAGES} messages, concurrency ${CONCURRENCY})`);
    print(`  limiter off: ${off.toFixed(1)} messages/s`);
    print(`  limiter on (${RATE}/s): ${on.toFixed(1)} messages/s  ratio to the limit ${(on / RATE).toFixed(3)}`);
    if (off < RATE * 1.1) {
      print(`  without the limiter this machine delivers less than the limit: the limiter cannot be judged here (try a lower BENCH_RATE)`);
    } else {
      const within = Math.abs(on / RATE - 1) <= 0.1;
      print(`  ${within ? 'holds the configured rate within 10%' : 'does NOT hold the configured rate within 10%'}`);
      if (!within) process.exitCode = 1;
    }
  } finally {
    await double.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
