#!/usr/bin/env node
// Reports at scale, on the built app:
//  1. the Excel export of 100,000 requests streams: the app's peak extra RSS while it writes the file is
//     measured against its RSS just before (target <= 150 MB);
//  2. GET /api/statistics at 1,000,000 requests answers from stored rows: its p50 is printed beside the p50
//     of GET /api/health measured in the same run (the baseline), with the time generate took.
//
//   npm run build && npm run bench:reports
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   server where a scratch database is made
//   BENCH_REDIS_URL=redis://127.0.0.1:6379/0   BENCH_EXPORT_ROWS=100000   BENCH_ROWS=1000000   BENCH_DURATION=5
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const print = (line) => process.stdout.write(line + '\n');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PORT = 4500 + Math.floor(Math.random() * 400);
const STATUSES = ['received', 'reviewing', 'confirmed', 'completed', 'cancelled'];
const TYPES = ['wedding', 'graduation', 'birthday', 'conference', 'corporate', 'religious', 'family', 'other'];
const RSS_TARGET_MB = 150;

async function insertRows(client, from, to) {
  await client.query(
    `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, organizer_name,
       organizer_phone, food_types, status, weighed_kg, created_at)
     SELECT ($4::varchar[])[1 + g % 8], 50 + g % 400, date '2018-01-01' + (g % 2900), '22:00', 'ينبع', 'custom', 'yanbu_city',
            'منظم ' || g, '055' || lpad((g % 10000000)::text, 7, '0'), '{rice_meat}', ($3::varchar[])[1 + g % 5],
            CASE WHEN g % 7 = 0 THEN (g % 90) + 10 END, timestamptz '2018-01-01' + (g * 4 || ' minutes')::interval
       FROM generate_series($1::int, $2::int) g`,
    [from, to, STATUSES, TYPES],
  );
  await client.query('ANALYZE requests');
}

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : NaN;
};

async function waitForHealth(child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the app exited');
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not become healthy');
}

async function p50(path, token) {
  const run = () =>
    autocannon({
      url: `http://127.0.0.1:${PORT}${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      connections: 8,
      duration: DURATION,
    });
  await run(); // warm-up
  const result = await run();
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, rps: result.requests.average };
}

const dbName = `bench_reports_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
const child = spawn(process.execPath, [resolve('dist/src/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    REDIS_URL,
    REDIS_PREFIX: `bench-reports-${Date.now()}`,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-password',
    WORKER_IN_PROCESS: 'false',
    SERVE_UI: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const db = new pg.Client({ connectionString: url.toString() });
let failed = false;
try {
  await waitForHealth(child);
  await db.connect();
  await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'admin_verification_required'`);
  const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed (${login.status})`);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // 1. Export of EXPORT_ROWS requests.
  await insertRows(db, 1, EXPORT_ROWS);
  const ticketFor = async () =>
    (
      await (
        await fetch(`http://127.0.0.1:${PORT}/api/statistics/export-ticket`, {
          method: 'POST',
          headers: { authorization: auth.authorization },
        })
      ).json()
    ).ticket;
  // A small export first, so code paths are loaded before the baseline is read.
  await (
    await fetch(`http://127.0.0.1:${PORT}/api/statistics/export?auth=${await ticketFor()}&download=1&period=daily&date=2018-01-01`)
  ).arrayBuffer();
  global.gc?.();
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb(child.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid))), 25);
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/statistics/export?auth=${await ticketFor()}&download=1&period=all_time`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  clearInterval(sampler);
  const extra = peak - before;
  if (!response.ok || extra > RSS_TARGET_MB) failed = true;
  print(
    `Excel export of ${EXPORT_ROWS.toLocaleString('en')} requests: HTTP ${response.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  print(
    `  app RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB: extra ${extra.toFixed(0)} MB (target <= ${RSS_TARGET_MB}) ${extra <= RSS_TARGET_MB ? 'OK' : 'ABOVE TARGET'}`,
  );

  // 2. Statistics at ROWS requests.
  let t = Date.now();
  for (let from = EXPORT_ROWS + 1; from <= ROWS; from += 200_000) await insertRows(db, from, Math.min(ROWS, from + 199_999));
  print(`\n(inserted ${(ROWS - EXPORT_ROWS).toLocaleString('en')} more rows in ${((Date.now() - t) / 1000).toFixed(0)} s)`);
  for (const body of [{ period: 'all_time' }, { period: 'monthly', year: 2020, month: 6 }, { period: 'daily', date: '2020-06-15' }]) {
    t = Date.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/statistics/generate`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(body),
    });
    const report = await res.json();
    print(`generate ${body.period.padEnd(8)}: ${Date.now() - t} ms (${report.totalRequests?.toLocaleString('en')} requests)`);
  }
  const health = await p50('/api/health');
  // A second baseline: a cheap call that checks a session (the guard's read) and reads one row.
  const verify = await p50('/api/admin/food-calculation-settings', token);
  const stats = {
    all_time: await p50('/api/statistics?period=all_time', token),
    monthly: await p50('/api/statistics?period=monthly&year=2020&month=6', token),
  };
  print(`\nGET /api/health (baseline)                 p50 ${health.p50} ms  ${health.rps.toFixed(0)} req/s`);
  print(`GET food-calculation-settings (session)    p50 ${verify.p50} ms  ${verify.rps.toFixed(0)} req/s`);
  for (const [name, r] of Object.entries(stats)) {
    const ratio = Math.max(r.p50, 1) / Math.max(health.p50, 1);
    const toVerify = Math.max(r.p50, 1) / Math.max(verify.p50, 1);
    print(
      `GET /api/statistics?period=${name.padEnd(9)}      p50 ${r.p50} ms  ${r.rps.toFixed(0)} req/s  ratio to health ${ratio.toFixed(2)}, to the session baseline ${toVerify.toFixed(2)}`,
    );
  }
  const { rows } = await db.query(
    `EXPLAIN SELECT metric, value FROM statistics WHERE period = 'monthly' AND date IS NOT DISTINCT FROM '2020-06-01'::date`,
  );
  print(`stored read plan: ${rows.map((r) => r['QUERY PLAN']).join(' | ')}`);
} finally {
  await db.end().catch(() => undefined);
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
