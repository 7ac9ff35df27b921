#!/usr/bin/env node
// The requests desk at scale: GET /api/requests (the desk's views) and /api/requests/summary measured with
// autocannon at 10,000 requests and again at 1,000,000 in the same run, on the built app; prints p50 per
// view, the ratio 1M/10k (target <= 1.5) and whether PostgreSQL plans each view with an index.
//
//   npm run build && npm run bench:desk
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   server where a scratch database is made
//   BENCH_REDIS_URL=redis://127.0.0.1:6379/0   BENCH_ROWS=1000000   BENCH_DURATION=5   BENCH_CONNECTIONS=8
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const print = (line) => process.stdout.write(line + '\n');

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SMALL = 10_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PORT = 4000 + Math.floor(Math.random() * 500);
const STATUSES = ['received', 'reviewing', 'confirmed', 'completed', 'cancelled'];

const q = (obj) => new URLSearchParams(Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, JSON.stringify(v)]))).toString();
const VIEWS = [
  ['all, newest first (default)', `/api/requests?${q({ sort: ['createdAt', 'DESC'], range: [0, 24] })}`],
  ['tab "received", newest first', `/api/requests?${q({ sort: ['createdAt', 'DESC'], range: [0, 24], filter: { status: 'received' } })}`],
  [
    'by collection deadline (active)',
    `/api/requests?${q({ sort: ['collectionDeadline', 'ASC'], range: [0, 24], filter: { active: true } })}`,
  ],
  ['by organizer name, page 3', `/api/requests?${q({ sort: ['organizerName', 'ASC'], range: [50, 74] })}`],
  ['by status order', `/api/requests?${q({ sort: ['status', 'ASC'], range: [0, 24] })}`],
  ['by event date, newest', `/api/requests?${q({ sort: ['eventDate', 'DESC'], range: [0, 24] })}`],
  ['search by phone', `/api/requests?${q({ filter: { q: '+966 55 000 1234' } })}`],
  [
    'a week of events (filter)',
    `/api/requests?${q({ sort: ['eventDate', 'ASC'], range: [0, 24], filter: { eventDateFrom: '2020-03-01', eventDateTo: '2020-03-07' } })}`,
  ],
  ['counters and pickups', '/api/requests/summary'],
];
// The SQL each view runs, for EXPLAIN (same shape as the repository's).
const EXPLAINS = [
  ['all, newest first', `SELECT id FROM requests r ORDER BY r.created_at DESC, r.id DESC LIMIT 25`],
  ['tab "received"', `SELECT id FROM requests r WHERE r.status IN ('received') ORDER BY r.created_at DESC, r.id DESC LIMIT 25`],
  [
    'deadline (active)',
    `SELECT id FROM requests r WHERE r.status IN ('received', 'reviewing', 'confirmed') ORDER BY r.event_date ASC, r.end_time ASC, r.id ASC LIMIT 25`,
  ],
  ['organizer name', `SELECT id FROM requests r ORDER BY r.organizer_name ASC, r.id ASC LIMIT 25 OFFSET 50`],
  [
    'status order',
    `SELECT id FROM requests r ORDER BY array_position('{received,reviewing,confirmed,completed,cancelled}'::varchar[], r.status) ASC, r.id ASC LIMIT 25`,
  ],
  ['event date', `SELECT id FROM requests r ORDER BY r.event_date DESC, r.id DESC LIMIT 25`],
  ['phone', `SELECT id FROM requests r WHERE (r.organizer_phone = '0550001234') LIMIT 25`],
  // The desk's filters (each index starts with the filter's column and goes on with the event date).
  [
    'event date range',
    `SELECT id FROM requests r WHERE r.event_date >= '2020-03-01'::date AND r.event_date <= '2020-03-07'::date ORDER BY r.event_date ASC, r.id ASC LIMIT 25`,
  ],
  [
    'area + dates',
    `SELECT count(*) FROM requests r WHERE r.event_date >= '2020-03-01'::date AND r.event_date <= '2020-03-07'::date AND r.area = 'yanbu_city'`,
  ],
  [
    'event type + dates',
    `SELECT count(*) FROM requests r WHERE r.event_date >= '2020-03-01'::date AND r.event_date <= '2020-03-07'::date AND r.event_type = 'wedding'`,
  ],
  [
    'important place',
    `SELECT id FROM requests r WHERE r.important_place = 'wedding_hall_1' ORDER BY r.created_at DESC, r.id DESC LIMIT 25`,
  ],
];

async function insertRows(client, from, to) {
  // History: ten years of past events and creation dates, all statuses, distinct phones and names.
  // Today's and tomorrow's pickups are added apart (the same few at both sizes, as in real life).
  await client.query(
    `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, organizer_name,
       organizer_phone, food_types, status, created_at)
     SELECT 'wedding', 50 + g % 400, date '2015-01-01' + (g % 3650), lpad((g % 24)::text, 2, '0') || ':30', 'ينبع', 'custom', 'yanbu_city',
            'منظم ' || g, '055' || lpad((g % 10000000)::text, 7, '0'), '{rice_meat}', ($3::varchar[])[1 + g % 5],
            timestamptz '2015-01-01' + (g * 5 || ' minutes')::interval
       FROM generate_series($1::int, $2::int) g`,
    [from, to, STATUSES],
  );
  await client.query('ANALYZE requests');
}

async function waitForHealth(child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the app exited');
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not become healthy');
}

async function p50(path, token) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${path}`,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: DURATION,
  });
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, rps: result.requests.average };
}

async function measure(label, token) {
  const out = {};
  for (const [name, path] of VIEWS) {
    await p50(path, token).catch(() => undefined); // warm-up
    out[name] = await p50(path, token);
    print(`  ${label.padEnd(6)} ${name.padEnd(34)} p50 ${String(out[name].p50).padStart(4)} ms  ${out[name].rps.toFixed(0)} req/s`);
  }
  return out;
}

const dbName = `bench_desk_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-desk-'));
const child = spawn(process.execPath, [resolve('dist/src/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    REDIS_URL,
    REDIS_PREFIX: `bench-desk-${Date.now()}`,
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
  // Sign in with the password alone (the code step is a setting; the bench turns it off in its own database).
  await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'admin_verification_required'`);
  const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed (${login.status})`);

  print(`Requests desk at ${SMALL.toLocaleString('en')} and ${ROWS.toLocaleString('en')} requests (database ${dbName})`);
  await insertRows(db, 1, SMALL);
  await db.query(
    `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
     SELECT 'wedding', 100, (now() AT TIME ZONE 'Asia/Riyadh')::date + (g % 2), '22:00', 'ينبع', 'custom', 'حفل ' || g, '0560000' || lpad(g::text, 3, '0'), 'confirmed'
       FROM generate_series(1, 20) g`,
  );
  const small = await measure('10k', token);
  let t = Date.now();
  for (let from = SMALL + 1; from <= ROWS; from += 200_000) await insertRows(db, from, Math.min(ROWS, from + 199_999));
  print(`  (inserted ${(ROWS - SMALL).toLocaleString('en')} more rows in ${((Date.now() - t) / 1000).toFixed(0)} s)`);
  const large = await measure('1M', token);

  print('\nview                               p50 10k  p50 1M  ratio (target <= 1.5)');
  for (const [name] of VIEWS) {
    // Sub-millisecond medians are reported as 1 ms by autocannon; compare against at least 1 ms.
    const ratio = Math.max(large[name].p50, 1) / Math.max(small[name].p50, 1);
    if (ratio > 1.5) failed = true;
    print(
      `${name.padEnd(34)} ${String(small[name].p50).padStart(5)}  ${String(large[name].p50).padStart(6)}  ${ratio.toFixed(2)} ${ratio <= 1.5 ? 'OK' : 'ABOVE TARGET'}`,
    );
  }
  print('\nplans at 1M:');
  for (const [name, sql] of EXPLAINS) {
    const { rows } = await db.query(`EXPLAIN ${sql}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const indexed = /Index (Only )?Scan/.test(plan) && !/Seq Scan on requests/.test(plan);
    if (!indexed) failed = true;
    const used = plan.match(/using "?(\w+)"?/)?.[1] ?? '—';
    print(`  ${name.padEnd(20)} ${indexed ? 'index scan' : 'NO INDEX'} (${used})`);
  }
  const { rows: counters } = await db.query(
    `SELECT (SELECT sum(n) FROM request_status_counts)::int AS counted, (SELECT count(*) FROM requests)::int AS actual`,
  );
  print(
    `\ncounters ${counters[0].counted} = rows ${counters[0].actual}: ${counters[0].counted === counters[0].actual ? 'OK' : 'MISMATCH'}`,
  );
  if (counters[0].counted !== counters[0].actual) failed = true;
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
