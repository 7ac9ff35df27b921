#!/usr/bin/env node
// The homepage figures under writes at scale, on the built app: 1,000,000 requests, 2 new requests a
// second through POST /api/requests (each one makes the figures stale), 50 visitors at once. Prints the
// throughput of GET /api/homepage-statistics beside GET /api/health measured in the same run (the
// baseline) and the errors of both. Targets: homepage >= 0.8 x health, 0 errors, health never failing.
//
//   npm run build && npm run bench:homepage
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   BENCH_REDIS_URL=redis://127.0.0.1:6379/0
//   BENCH_ROWS=1000000   BENCH_DURATION=10   BENCH_CONNECTIONS=50
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, print, scratchDatabase, waitForHttp } from './bench-support.mjs';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WRITES_PER_SECOND = 2;
const STATUSES = ['received', 'reviewing', 'confirmed', 'completed', 'cancelled'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function insertRows(url, rows) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  for (let from = 1; from <= rows; from += 250_000) {
    await client.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, organizer_name,
         organizer_phone, food_types, status, weighed_kg, created_at)
       SELECT 'wedding', 50 + g % 400, date '2018-01-01' + (g % 2900), '22:00', 'ينبع', 'custom', 'yanbu_city', 'منظم ' || g,
              '055' || lpad((g % 3000000)::text, 7, '0'), '{rice_meat}', ($3::varchar[])[1 + g % 5],
              CASE WHEN g % 7 = 0 THEN (g % 90) + 10 END, timestamptz '2018-01-01' + (g * 4 || ' minutes')::interval
         FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(rows, from + 249_999), STATUSES],
    );
  }
  await client.query('ANALYZE requests');
  await client.end();
  return (Date.now() - started) / 1000;
}

/** POSTs WRITES_PER_SECOND valid requests a second (each a new organizer) until stopped. */
function startWriter(base, district) {
  let stop = false;
  const result = { sent: 0, failed: 0 };
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const loop = (async () => {
    let n = 0;
    while (!stop) {
      const started = Date.now();
      n += 1;
      const res = await fetch(`${base}/api/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          eventType: 'wedding',
          attendeeCount: 80,
          eventDate: tomorrow,
          endTime: '22:00',
          locationType: 'custom',
          area: 'yanbu_city',
          district,
          buildingNumber: '12',
          landmarks: 'بجوار المسجد',
          foodTypes: ['rice_meat'],
          organizerName: 'منظم القياس',
          organizerPhone: `058${String(1_000_000 + n).slice(-7)}`,
          whatsappOptIn: false,
        }),
      }).catch(() => null);
      if (res?.status === 201) result.sent += 1;
      else result.failed += 1;
      await sleep(Math.max(0, 1000 / WRITES_PER_SECOND - (Date.now() - started)));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return result;
  };
}

async function load(base, path) {
  const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

async function main() {
  const db = await scratchDatabase('bench_homepage');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-homepage-'));
  const child = spawn(process.execPath, [resolve('dist/src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: `bench-homepage-${Date.now()}`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      WORKER_IN_PROCESS: 'false',
      SERVE_UI: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REQUESTS_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let failed = false;
  try {
    await waitForHttp(`${base}/api/health`, child);
    const seconds = await insertRows(db.url, ROWS);
    print(
      `homepage figures under writes: ${ROWS.toLocaleString('en')} requests (inserted in ${seconds.toFixed(0)} s), ${CONNECTIONS} visitors, ${WRITES_PER_SECOND} new requests/s, ${DURATION} s each`,
    );
    const started = Date.now();
    await fetch(`${base}/api/homepage-statistics`);
    print(`one computation of the figures at this size: ${Date.now() - started} ms`);
    await load(base, '/api/health'); // warm-up
    const health = await load(base, '/api/health');

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const [{ value: district }] = (
      await client.query(`SELECT value FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`)
    ).rows;
    await client.end();
    const stopWriter = startWriter(base, district);
    // While the visitors load the figures, health is asked 5 times a second on its own connection.
    let healthFailures = 0;
    let healthAsked = 0;
    let probing = true;
    const prober = (async () => {
      while (probing) {
        healthAsked += 1;
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
        if (res?.status !== 200) healthFailures += 1;
        await sleep(200);
      }
    })();
    const homepage = await load(base, '/api/homepage-statistics');
    probing = false;
    await prober;
    const writes = await stopWriter();

    const ratio = homepage.rps / health.rps;
    print('| endpoint | req/s | p99 (ms) | errors |');
    print('|---|---|---|---|');
    print(`| GET /api/health (baseline, no writes) | ${health.rps.toFixed(0)} | ${health.p99} | ${health.errors} |`);
    print(`| GET /api/homepage-statistics (with writes) | ${homepage.rps.toFixed(0)} | ${homepage.p99} | ${homepage.errors} |`);
    print(`ratio homepage / health: ${ratio.toFixed(2)} (target >= 0.80)`);
    print(
      `writes: ${writes.sent} accepted, ${writes.failed} failed; health during the load: ${healthAsked - healthFailures}/${healthAsked} answered 200`,
    );
    if (ratio < 0.8 || homepage.errors || health.errors || writes.failed || healthFailures) failed = true;
    print(failed ? 'FAIL' : 'ok');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
