#!/usr/bin/env node
// Write throughput of the production shape, one api process against two: POST /api/requests over HTTPS
// through Caddy (the repository's Caddyfile, its internal CA) to the compiled api(s) in production mode,
// with one worker delivering both messages of every request to the local Twilio double. Rounds
// alternate one api / two apis (two Caddy instances, one per shape) so that the machine's drift falls on
// both. For each round it prints requests per second and the CPU milliseconds per request of the api
// process(es), the worker, PostgreSQL, Redis and Caddy, read from /proc/<pid>/stat before the load and
// after the messages it caused are delivered. PostgreSQL and Redis are private servers of the bench,
// so that their CPU is the bench's alone.
//
//   npm run bench:scale              (compiles the server into .data/bench-build; BENCH_SKIP_BUILD=1 reuses it)
//   BENCH_DURATION=10 BENCH_WARMUP=3 BENCH_ROUNDS=3 BENCH_CONNECTIONS=32
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BUILD, buildServerAndDouble, freePort, median, print, startNode, treeCpuSeconds, waitForHttp } from './bench-support.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SITE = 'charity.test';
const PG_DIR = resolve('.data/bench-scale');
const require = createRequire(import.meta.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startPrivateRedis(dir) {
  // As compose runs it: an append-only file, no eviction.
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--dir', dir],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100 && !(await portOpen(port)); i++) await sleep(50);
  return { child, url: `redis://127.0.0.1:${port}` };
}

function portOpen(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

function startCaddy(dir, upstreams, httpsPort, httpPort) {
  mkdirSync(dir, { recursive: true });
  const child = spawn('caddy', ['run', '--config', resolve('Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: dir,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      SITE_DOMAIN: SITE,
      API_UPSTREAMS: upstreams.map((p) => `127.0.0.1:${p}`).join(' '),
      CADDY_ADMIN: 'off',
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_LOCAL_CERTS: 'local_certs',
      CADDY_SKIP_INSTALL_TRUST: 'skip_install_trust',
    },
  });
  return child;
}

/** 200 from /api/health through Caddy (the bench does not check Caddy's certificate; the tests do). */
async function waitThroughCaddy(port, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const status = await new Promise((done) => {
      const req = httpsRequest(
        { host: '127.0.0.1', port, path: '/api/health', servername: SITE, headers: { host: SITE }, rejectUnauthorized: false },
        (res) => (res.resume(), done(res.statusCode)),
      );
      req.on('error', () => done(0));
      req.end();
    });
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`no health through Caddy on ${port} within ${seconds} s`);
    await sleep(250);
  }
}

function load(port, phoneBase, duration) {
  let counter = 0;
  const eventDate = new Date(Date.now() + 3 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url: `https://127.0.0.1:${port}`,
        servername: SITE,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/requests',
            headers: { host: `${SITE}:${port}`, 'content-type': 'application/json' },
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
  });
}

async function main() {
  buildServerAndDouble();
  const { TwilioDouble } = require(join(BUILD, 'test-support/twilio-double.js'));
  const { startEmbeddedPostgres, createDatabase, dropDatabase } = require(join(BUILD, 'src/infra/embedded-postgres.js'));
  const scratch = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const children = [];
  let postgres;
  let double;
  let dropScratchDatabase = async () => undefined;
  try {
    print('starting a private PostgreSQL (.data/bench-scale) and Redis, the Twilio double …');
    postgres = await startEmbeddedPostgres({ dataDir: PG_DIR });
    const postmaster = Number(readFileSync(join(PG_DIR, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    const dbName = `scale_${randomBytes(4).toString('hex')}`;
    await createDatabase(postgres.url, dbName);
    dropScratchDatabase = () => dropDatabase(postgres.url, dbName);
    const dbUrl = new URL(postgres.url);
    dbUrl.pathname = `/${dbName}`;
    const redis = await startPrivateRedis(scratch);
    children.push(redis.child);
    double = await new TwilioDouble().start();

    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redis.url,
      APP_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: '1',
      MIGRATE_ON_START: 'false',
      WORKER_IN_PROCESS: 'false',
      SERVE_UI: 'false',
      LOG_LEVEL: 'info', // production's: one line per API call (to /dev/null here)
      ADMIN_PASSWORD: 'bench-admin-password',
      ADMIN_WHATSAPP_NUMBERS: '+966500000901',
      WHATSAPP_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: double.accountSid,
      TWILIO_AUTH_TOKEN: double.authToken,
      TWILIO_FROM: 'whatsapp:+14155238886',
      TWILIO_BASE_URL: double.url,
      PUBLIC_BASE_URL: `https://${SITE}`,
      WHATSAPP_RATE_PER_SECOND: '0',
      WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '0',
      WORKER_CONCURRENCY: '20',
      RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
    };
    const migrate = startNode('src/migrate.js', { ...env, DATA_DIR: join(scratch, 'migrate') }, 'migrate');
    const migrated = await new Promise((done) => migrate.once('exit', done));
    if (migrated !== 0) throw new Error('migrate.js failed');

    const apiPorts = [await freePort(), await freePort()];
    const apis = apiPorts.map((port, i) =>
      startNode('src/main.js', { ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(scratch, `api-${i}`) }, `api ${i + 1}`),
    );
    const worker = startNode('src/worker.js', { ...env, DATA_DIR: join(scratch, 'worker') }, 'worker');
    children.push(...apis, worker);
    await Promise.all(apis.map((api, i) => waitForHttp(`http://127.0.0.1:${apiPorts[i]}/api/health`, api)));

    const shapes = [];
    for (const [label, upstreams] of [
      ['one api ', [apiPorts[0]]],
      ['two apis', apiPorts],
    ]) {
      const [httpsPort, httpPort] = [await freePort(), await freePort()];
      const caddy = startCaddy(join(scratch, `caddy-${upstreams.length}`), upstreams, httpsPort, httpPort);
      children.push(caddy);
      await waitThroughCaddy(httpsPort);
      shapes.push({ label, port: httpsPort, apis: apis.slice(0, upstreams.length), caddy, rounds: [] });
    }

    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const drained = async () => {
      for (const deadline = Date.now() + 300_000; ; await sleep(200)) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM assurance_attempts WHERE status IN ('queued', 'sending')`);
        if (rows[0].n === 0) return;
        if (Date.now() > deadline) throw new Error(`${rows[0].n} messages still undelivered after 5 minutes`);
      }
    };
    const created = async () => (await db.query('SELECT count(*)::int AS n FROM requests')).rows[0].n;
    // Commits are what PostgreSQL's work per request is made of (each one also flushes the WAL).
    const commits = async () =>
      Number((await db.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit);
    const groups = (shape) => ({
      api: shape.apis.map((a) => a.pid),
      worker: [worker.pid],
      PostgreSQL: [postmaster],
      Redis: [redis.child.pid],
      Caddy: [shape.caddy.pid],
    });
    const cpu = (shape) => Object.fromEntries(Object.entries(groups(shape)).map(([name, pids]) => [name, sumCpu(pids)]));

    print(`\nPOST /api/requests over HTTPS through Caddy, ${CONNECTIONS} connections, ${DURATION} s a round after ${WARMUP} s of warm-up;`);
    print('the worker delivers both messages of every request (a confirmation and the administrator notice) to the Twilio double.');
    print('CPU ms per request: from the start of the load to the last of its messages delivered, per request stored.\n');
    let phoneBase = 10_000_000;
    for (const shape of shapes) await load(shape.port, (phoneBase += 1_000_000), WARMUP);
    await drained();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const shape of shapes) {
        const before = cpu(shape);
        const [sentBefore, createdBefore, commitsBefore] = [double.messages.length, await created(), await commits()];
        const result = await load(shape.port, (phoneBase += 1_000_000), DURATION);
        await drained();
        const after = cpu(shape);
        const ok = result['2xx'];
        // Per request stored: those still in flight when the load stopped were finished (and cost) too.
        const stored = (await created()) - createdBefore;
        // pg_stat_database is updated when a backend reports (at the latest a second later).
        await sleep(1500);
        const commitsPerRequest = ((await commits()) - commitsBefore) / stored;
        const perRequest = Object.fromEntries(Object.keys(before).map((k) => [k, ((after[k] - before[k]) * 1000) / stored]));
        const total = Object.values(perRequest).reduce((a, b) => a + b, 0);
        const figures = { rps: ok / DURATION, perRequest, total, messages: double.messages.length - sentBefore };
        shape.rounds.push(figures);
        print(
          `round ${round} ${shape.label}: ${figures.rps.toFixed(0)} req/s (2xx ${ok}, other ${result.non2xx + result.errors}, p99 ${result.latency.p99} ms, ` +
            `${stored} stored, ${figures.messages} messages, ${commitsPerRequest.toFixed(1)} commits each) | CPU ms/request ${describe(perRequest)} = ${total.toFixed(2)}`,
        );
      }
    }
    await db.end();

    const [one, two] = shapes.map((shape) => ({
      rps: median(shape.rounds.map((r) => r.rps)),
      total: median(shape.rounds.map((r) => r.total)),
      perRequest: Object.fromEntries(
        Object.keys(shape.rounds[0].perRequest).map((k) => [k, median(shape.rounds.map((r) => r.perRequest[k]))]),
      ),
    }));
    const cores = availableParallelism();
    print(`\nmedian of ${ROUNDS} rounds on ${cores} cores (load average ${loadavg()[0].toFixed(1)} at the end):`);
    print(`  one api : ${one.rps.toFixed(0)} req/s | CPU ms/request ${describe(one.perRequest)} = ${one.total.toFixed(2)}`);
    print(
      `  two apis: ${two.rps.toFixed(0)} req/s (${(two.rps / one.rps).toFixed(2)}× one) | CPU ms/request ${describe(two.perRequest)} = ${two.total.toFixed(2)}`,
    );
    const perCore = (ms) => (ms > 0 ? (1000 / ms).toFixed(0) : '∞');
    print('\nrequests per second one core could carry (1000 / CPU ms per request, one api):');
    for (const [name, ms] of Object.entries(one.perRequest)) print(`  ${name.padEnd(10)} ${perCore(ms)}`);
    print(
      `  everything ${perCore(one.total)}  → about ${((1000 / one.total) * cores).toFixed(0)} req/s on this machine's ${cores} cores if nothing else ran`,
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.once('exit', r)))));
    await double?.stop();
    await dropScratchDatabase().catch(() => undefined);
    await postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function sumCpu(pids) {
  return pids.reduce((sum, pid) => sum + (treeCpuSeconds(pid) ?? 0), 0);
}

function describe(perRequest) {
  return Object.entries(perRequest)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
