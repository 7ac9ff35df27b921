#!/usr/bin/env node
// POST /api/requests throughput: the real app (built dist) against a plain Fastify + pg handler doing the
// same database work in one transaction, measured side by side with autocannon on loopback. The app runs
// as a new user runs it: the WhatsApp worker in the same process, delivering the messages the requests
// write while they are measured (the floor delivers nothing, so the worker's cost counts against the app).
//
//   npm run bench                      (after npm run build)
//   BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres  server used to create a scratch database
//   BENCH_REDIS_URL=redis://127.0.0.1:6379/0                   Redis for the app (queues, rate limits)
//   BENCH_DURATION=8 BENCH_ROUNDS=3 BENCH_WARMUP=3 BENCH_CONNECTIONS=32 BENCH_POOL_SIZE=10 BENCH_BASELINE_PREPARED=1 BENCH_APP_ENTRY=dist/src/main.js
//   BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof"   extra node flags for the app (profiling)
//   BENCH_WORKER_IN_PROCESS=false   the app without its worker (as when worker:prod runs apart)
//   BENCH_BEFORE_ENTRY=path/to/main.js   an earlier build measured in the same rounds (before/after figures)
//   BENCH_STATISTICS=both|fresh|missing  the planner's statistics: gathered (ANALYZE) before the rounds, or
//                                       missing (none gathered and autovacuum off on the tables, as right
//                                       after a restore or where autovacuum is off); default both, one after the other
//
// Two floors are measured beside the app in every round: the same transaction on the app's own schema
// (its request indexes and triggers: the figure the target is on), and on a lean schema (the tables with
// the request indexes and the status-count triggers dropped, printed beside it).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const APP_ENTRY = resolve(process.env.BENCH_APP_ENTRY ?? 'dist/src/main.js');
const APP_PORT = 3900 + Math.floor(Math.random() * 50);
const BASE_PORT = APP_PORT + 50;
// Both servers get the same pool size (the app's DATABASE_POOL_SIZE, default 10).
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
// BENCH_BASELINE_PREPARED=1 gives the baseline named prepared statements too (the app uses them for
// its hot statements): a stricter comparison than the plain handler.
const BASELINE_PREPARED = process.env.BENCH_BASELINE_PREPARED === '1';
const WORKER_IN_PROCESS = process.env.BENCH_WORKER_IN_PROCESS !== 'false';
const BEFORE_ENTRY = process.env.BENCH_BEFORE_ENTRY ? resolve(process.env.BENCH_BEFORE_ENTRY) : null;
const STATISTICS = (process.env.BENCH_STATISTICS ?? 'both') === 'both' ? ['fresh', 'missing'] : [process.env.BENCH_STATISTICS];
const MIGRATE_ENTRY = resolve(dirname(APP_ENTRY), 'migrate.js');
// Targets: the app at 0.85 of the floor or better (median round), and flat from round to round (the app's
// last round at 0.85 or more of its first, relative to the floor), with statistics fresh and missing.
const TARGET_RATIO = 0.85;
const MAX_DRIFT = 0.15;

// ---- the baseline: the same database work with a minimal hand validation ----

const ACTIVE = ['received', 'reviewing', 'confirmed'];
const sha = (s) => createHash('sha256').update(s).digest('hex');

async function enqueue(client, type, whatsapp, role, variables, requestId) {
  const {
    rows: [g],
  } = await client.query(
    `INSERT INTO assurance_notification_groups (type, form_id, requester_whatsapp, variables_json, reason)
     VALUES ($1, $2, $3, $4, 'request_created') RETURNING group_id`,
    [type, `request:${requestId}`, whatsapp, JSON.stringify(variables)],
  );
  await client.query(`INSERT INTO assurance_events (type, payload) VALUES ('message_enqueued', $1)`, [
    JSON.stringify({ groupId: g.group_id, templateKey: type }),
  ]);
  const {
    rows: [r],
  } = await client.query(
    `INSERT INTO assurance_recipients (group_id, whatsapp, role, opted_in) VALUES ($1, $2, $3, true) RETURNING recipient_id`,
    [g.group_id, whatsapp, role],
  );
  await client.query(
    `INSERT INTO assurance_attempts (group_id, recipient_id, template_key, content_variables, idempotency_key)
     VALUES ($1, $2, $3, $4, $5)`,
    [g.group_id, r.recipient_id, type, JSON.stringify(variables), sha(`${g.group_id}:${r.recipient_id}:${type}`)],
  );
}

/** The pooled client, with named prepared statements when BENCH_BASELINE_PREPARED=1. */
function wrapClient(raw) {
  return {
    query: (text, values) =>
      BASELINE_PREPARED && values ? raw.query({ name: `b_${sha(text).slice(0, 20)}`, text, values }) : raw.query(text, values),
    release: () => raw.release(),
  };
}

async function startBaseline(databaseUrl, port) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const app = Fastify({ logger: false });
  app.post('/api/requests', async (req, reply) => {
    const b = req.body ?? {};
    const phone = typeof b.organizerPhone === 'string' && /^05\d{8}$/.test(b.organizerPhone) ? b.organizerPhone : null;
    if (!phone || !b.eventType || !b.eventDate || !b.endTime || !(Number(b.attendeeCount) >= 10) || !b.organizerName) {
      return reply.code(400).send({ code: 'VALIDATION_FAILED' });
    }
    const client = wrapClient(await pool.connect());
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [7301, phone]);
      const {
        rows: [c],
      } = await client.query(
        // The app's own statement (one pass over the phone's active rows), so the two differ only in the code around it.
        `SELECT min(id) FILTER (WHERE event_type = $2 AND event_date = $3) AS dup, count(*)::int AS active
           FROM requests WHERE organizer_phone = $1 AND status = ANY($4)`,
        [phone, b.eventType, b.eventDate, ACTIVE],
      );
      if (c.dup !== null || c.active >= 2) {
        await client.query('ROLLBACK');
        return reply.code(409).send({ code: c.dup !== null ? 'DUPLICATE_REQUEST' : 'ACTIVE_REQUESTS_LIMIT' });
      }
      const {
        rows: [row],
      } = await client.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, important_place,
                               organizer_name, organizer_phone, food_types, whatsapp_opt_in, ip_address, user_agent)
         VALUES ($1, $2, $3, $4, $5, 'important_place', $6, $7, $8, $9, true, $10, $11) RETURNING id`,
        [
          b.eventType,
          Number(b.attendeeCount),
          b.eventDate,
          b.endTime,
          String(b.importantPlace ?? ''),
          String(b.importantPlace ?? ''),
          b.organizerName,
          phone,
          b.foodTypes ?? [],
          req.ip,
          req.headers['user-agent'] ?? null,
        ],
      );
      const e164 = `+966${phone.slice(1)}`;
      await client.query(
        `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, consent_timestamp, consent_method, consent_text, ip_address, user_agent, request_id)
         VALUES ($1, true, now(), 'request_form', $2, $3, $4, $5)
         ON CONFLICT (phone_number) DO UPDATE SET opt_in_status = true, consent_timestamp = EXCLUDED.consent_timestamp,
           consent_text = EXCLUDED.consent_text, request_id = EXCLUDED.request_id, updated_at = now()`,
        [e164, b.consentText, req.ip, req.headers['user-agent'] ?? null, row.id],
      );
      await client.query(
        `INSERT INTO activity_logs (action, entity_type, entity_id, metadata, ip_address, user_agent) VALUES ('request_created', 'request', $1, $2, $3, $4)`,
        [String(row.id), JSON.stringify({ eventType: b.eventType }), req.ip, req.headers['user-agent'] ?? null],
      );
      await enqueue(client, 'requestConfirmation', e164, 'customer', { 1: b.organizerName, 2: row.id }, row.id);
      await enqueue(client, 'newRequest', 'console', 'admin', { 1: row.id, 2: b.eventType }, row.id);
      await client.query('COMMIT');
      return reply.code(201).send({ id: row.id, status: 'received' });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (process.env.BENCH_DEBUG) console.error(error);
      throw error;
    } finally {
      client.release();
    }
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { close: async () => (await app.close(), await pool.end()) };
}

// ---- helpers ----

function riyadhDate(offsetDays) {
  return new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

function run(name, port, phoneBase, duration = DURATION, quiet = false) {
  let counter = 0;
  const eventDate = riyadhDate(7);
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/requests',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => {
              counter += 1;
              const body = {
                eventType: 'wedding',
                attendeeCount: 150,
                eventDate,
                endTime: '23:00',
                locationType: 'important_place',
                importantPlace: 'قاعة المناسبات',
                organizerName: 'منظم الاختبار',
                organizerPhone: `05${String(phoneBase + counter).padStart(8, '0')}`,
                organizerEmail: null,
                foodTypes: ['rice_meat'],
                whatsappOptIn: true,
                consentText: 'أوافق على إشعارات واتساب',
              };
              return { ...req, body: JSON.stringify(body) };
            },
          },
        ],
      },
      (error, result) => (error ? fail(error) : done(result)),
    );
    instance.on('error', fail);
    if (!quiet) process.stdout.write(`  ${name}: ${duration}s, ${CONNECTIONS} connections… `);
  });
}

/** CPU seconds a process has used (user + system), from /proc; null where /proc is missing. */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return null;
  }
}

/** CPU seconds the whole machine has been busy (all cores), from /proc/stat; null where it is missing. */
function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/** What the worker has done so far: messages sent in the last 24 hours and deferrals by the daily cap. */
async function deliveryCounts(client) {
  const {
    rows: [row],
  } = await client.query(
    `SELECT (SELECT count(*)::int FROM assurance_attempts WHERE status IN ('sent', 'delivered', 'read') AND sent_at > now() - interval '1 day') AS sent,
            (SELECT count(*)::int FROM notification_logs WHERE status = 'deferred') AS deferred`,
  );
  return row;
}

const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(0)} %`;

async function waitForHealth(port, child, seconds = 90) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the app did not become healthy in time');
}

/**
 * A database migrated as the app's, then made lean: the requests table without its secondary indexes
 * (but the organizer's phone, which the floor's duplicate check reads) and without the status-count
 * triggers. The floor's same transaction on it shows what the product's schema costs.
 */
async function leanDatabase() {
  const db = `bench_${Date.now()}_lean`;
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${db}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lean-'));
  await new Promise((done, fail) => {
    const child = spawn(process.execPath, [MIGRATE_ENTRY], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'bench-admin-password',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`migrate.js exited with ${code}`))));
  });
  rmSync(dataDir, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows: indexes } = await client.query(
    `SELECT indexname FROM pg_indexes WHERE tablename = 'requests' AND indexname NOT IN ('IDX_requests_organizer_phone_event_date')
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'requests'::regclass)`,
  );
  for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
  for (const trigger of ['request_status_counts_insert', 'request_status_counts_update', 'request_status_counts_delete'])
    await client.query(`DROP TRIGGER IF EXISTS ${trigger} ON requests`);
  await client.end();
  leanDatabases.push(db);
  return { url: url.toString(), dropped: indexes.length };
}

/** The planner's view of the tables the transaction writes and reads: gathered, or none at all. */
async function setStatistics(url, mode) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tables = [
    'requests',
    'whatsapp_opt_ins',
    'activity_logs',
    'assurance_notification_groups',
    'assurance_recipients',
    'assurance_attempts',
    'assurance_events',
  ];
  for (const table of tables) {
    if (mode === 'fresh') {
      await client.query(`ALTER TABLE ${table} RESET (autovacuum_enabled)`);
      await client.query(`ANALYZE ${table}`);
    } else {
      await client.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`);
      await client.query(`DELETE FROM pg_statistic WHERE starelid = '${table}'::regclass`);
      await client.query(`UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE oid = '${table}'::regclass`);
    }
  }
  await client.end();
}

// ---- main ----

/** Starts a compiled app (entry) on its own scratch database, port, Redis prefix and data folder. */
async function startApp(name, entry, port) {
  const db = `bench_${Date.now()}_${name}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${db}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL,
      REDIS_PREFIX: `bench-${Date.now()}-${name}`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      WORKER_IN_PROCESS: String(WORKER_IN_PROCESS),
      SERVE_UI: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const app = { name, db, url: url.toString(), dataDir, child, port };
  started.push(app);
  await waitForHealth(port, child);
  return app;
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const started = [];
const leanDatabases = [];
let baseline;
let leanBaseline;
try {
  console.log(`Benchmark of POST /api/requests (baseline ${BASELINE_PREPARED ? 'with' : 'without'} prepared statements)`);
  const app = await startApp('app', APP_ENTRY, APP_PORT);
  // BENCH_BEFORE_ENTRY: an earlier build measured in the same rounds (its own database), for before/after figures.
  const before = BEFORE_ENTRY ? await startApp('before', BEFORE_ENTRY, APP_PORT + 100) : null;
  baseline = await startBaseline(app.url, BASE_PORT);
  const lean = await leanDatabase();
  leanBaseline = await startBaseline(lean.url, BASE_PORT + 1);
  console.log(`lean floor: the same transaction on a schema without ${lean.dropped} request indexes and the status-count triggers`);

  // Unmeasured warm-up first, so every server is measured with its code compiled by the JIT.
  const servers = [
    ['app', APP_PORT, 50_000_000, app],
    ...(before ? [['before', before.port, 70_000_000, before]] : []),
    ['baseline', BASE_PORT, 60_000_000, null],
    ['lean', BASE_PORT + 1, 80_000_000, null],
  ];
  for (const [name, port, phoneBase] of servers) if (WARMUP > 0) await run(name, port, phoneBase + 5_000_000, WARMUP, true);

  // The measured runs alternate (app, floor, lean floor, app…) on the same machine, so that drift in the
  // machine's speed during the run falls on all; each round gives a ratio and the median round is the
  // result. The app's rounds are also compared with each other: a cost that grows with what the app has
  // already done (the day's messages, the date's requests) shows as a falling ratio.
  const outboxes = new Map();
  for (const [, , , target] of servers) {
    if (!target) continue;
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    outboxes.set(target.name, client);
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  let pass = true;
  for (const [modeIndex, statistics] of STATISTICS.entries()) {
    for (const url of [app.url, lean.url, ...(before ? [before.url] : [])]) await setStatistics(url, statistics);
    console.log(
      `\n== statistics ${statistics === 'fresh' ? 'fresh (ANALYZE before the rounds)' : 'missing (none gathered, autovacuum off on the tables)'} ==`,
    );
    const ratios = { app: [], before: [] };
    const leanRatios = { app: [], before: [] };
    const rounds = { app: [], before: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round} of ${ROUNDS}`);
      const measured = {};
      for (const [name, port, phoneBase, target] of servers) {
        // CPU of the server under test: the app's process, or this process for the in-process floors
        // (which also drive autocannon, so their figure is an upper bound).
        const pid = target ? target.child.pid : process.pid;
        const deliveredBefore = target ? await deliveryCounts(outboxes.get(name)) : null;
        const cpuBefore = cpuSecondsOf(pid);
        const machineBefore = machineBusySeconds();
        const result = await run(name, port, phoneBase + modeIndex * 1_000_000 + round * 100_000);
        const cpuAfter = cpuSecondsOf(pid);
        const machineAfter = machineBusySeconds();
        const ok = result['2xx'];
        measured[name] = ok / DURATION;
        const perRequest = (from, to) => (((to - from) * 1000) / ok).toFixed(1);
        let cpu = '';
        if (cpuBefore !== null && cpuAfter !== null && ok) cpu += `, ${perRequest(cpuBefore, cpuAfter)} ms CPU/request`;
        // The rest of the machine's CPU per request: PostgreSQL and Redis mostly (and the load generator).
        if (machineBefore !== null && machineAfter !== null && cpuBefore !== null && cpuAfter !== null && ok) {
          cpu += `, rest of machine ${perRequest(machineBefore + (cpuAfter - cpuBefore), machineAfter)} ms`;
        }
        console.log(`${measured[name].toFixed(0)} req/s (2xx ${ok}, non-2xx ${result.non2xx}, p99 ${result.latency.p99} ms${cpu})`);
        if (deliveredBefore) {
          const after = await deliveryCounts(outboxes.get(name));
          console.log(
            `    worker during the round: ${after.sent - deliveredBefore.sent} sent, ${after.deferred - deliveredBefore.deferred} deferred by the daily cap; ` +
              `${after.sent} sent in the last 24 hours so far`,
          );
        }
      }
      const line = [];
      for (const name of ['app', 'before']) {
        if (measured[name] === undefined) continue;
        ratios[name].push(measured[name] / measured.baseline);
        leanRatios[name].push(measured[name] / measured.lean);
        rounds[name].push(measured[name]);
        line.push(
          `${name} ${measured[name].toFixed(0)} req/s (ratio ${ratios[name].at(-1).toFixed(2)}, lean ${leanRatios[name].at(-1).toFixed(2)})`,
        );
      }
      console.log(
        `  round ${round}: ${line.join(', ')}, floor ${measured.baseline.toFixed(0)} req/s, lean floor ${measured.lean.toFixed(0)} req/s`,
      );
    }
    console.log(
      `\nworker   ${WORKER_IN_PROCESS ? 'in the app process, delivering during the rounds' : 'off (BENCH_WORKER_IN_PROCESS=false)'}`,
    );
    for (const name of before ? ['before', 'app'] : ['app']) {
      const ratio = median(ratios[name]);
      // The app's last round against its first, as a share of the floor of the same rounds: on a machine
      // shared with other work the raw figures move with the machine, the ratio with the app.
      const flat = ratios[name].at(-1) / ratios[name][0];
      const rawDrift = rounds[name].at(-1) / rounds[name][0] - 1;
      const ratioOk = ratio >= TARGET_RATIO;
      const flatOk = flat >= 1 - MAX_DRIFT;
      if (name === 'app') pass = pass && ratioOk && flatOk;
      const label = name === 'app' ? `app${before ? ' (this build)' : ''}` : `before (${relative(process.cwd(), BEFORE_ENTRY)})`;
      console.log(
        `${label} [statistics ${statistics}]: ${rounds[name].map((r) => r.toFixed(0)).join(', ')} req/s; ratios ${ratios[name].map((r) => r.toFixed(2)).join(', ')}`,
      );
      console.log(
        `  ratio  ${ratio.toFixed(2)} median against the floor on the product's schema (target >= ${TARGET_RATIO}) ${ratioOk ? 'OK' : 'BELOW TARGET'}`,
      );
      console.log(`  lean   ${median(leanRatios[name]).toFixed(2)} median against the floor on the lean schema (for comparison)`);
      console.log(
        `  flat   last round at ${flat.toFixed(2)} of the first relative to the floor (target >= ${(1 - MAX_DRIFT).toFixed(2)}) ${flatOk ? 'OK' : 'OUT OF TARGET'}; ` +
          `in req/s ${pct(rawDrift)}`,
      );
    }
  }
  for (const client of outboxes.values()) await client.end();
  process.exitCode = pass ? 0 : 1;
} finally {
  await baseline?.close().catch(() => undefined);
  await leanBaseline?.close().catch(() => undefined);
  for (const db of leanDatabases) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
  for (const { child, db, dataDir } of started) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  await admin.end();
}
