#!/usr/bin/env node
// Runs every test: makes sure the machine has what the tests need (Redis, Chromium, an Arabic font,
// pdftotext, a PostgreSQL with pg_dump for the backup test, Caddy), builds what is missing or stale (the
// browser tests use the built user interfaces), runs Jest (unit, integration on real PostgreSQL and Redis,
// browser), and ends with one plain line: "N passed, N failed, N skipped".
//
// The whole suite runs as TEST_SHARDS parallel Jest processes (default 2), each with its own database
// and Redis key prefix on one PostgreSQL and one Redis: the browser files spend much of their time
// waiting on Chromium, so two shards finish in well under the time of one. `npm test -- <pattern>` runs
// one process for the files named.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** One Jest process; its output lines carry the shard's label when there are several. */
function jest(args, env, label) {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...args], {
      env,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (label) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) out.write(`${label} ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`${label} ${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const extraArgs = process.argv.slice(2);
if (run(process.execPath, ['scripts/ensure-system-deps.mjs', 'redis', 'chromium', 'fonts', 'poppler', 'postgres', 'caddy']) !== 0)
  process.exit(1);
// The browser tests use the built app; what CI has just built is not built again.
if (run(process.execPath, ['scripts/build-if-stale.mjs']) !== 0) process.exit(1);

mkdirSync('test-results', { recursive: true });
const shards = extraArgs.length ? 1 : Math.max(1, Number(process.env.TEST_SHARDS ?? 2) || 1);

// One PostgreSQL and one Redis for every shard: the machine's when TEST_DATABASE_URL / TEST_REDIS_URL
// name them, otherwise private servers under .data/test (started here, stopped at the end).
const env = { ...process.env, NODE_ENV: 'test' };
const stops = [];
if (shards > 1) {
  const require = createRequire(import.meta.url);
  const dataDir = resolve('.data/test');
  if (!env.TEST_DATABASE_URL) {
    const pg = await require('../dist/src/infra/embedded-postgres.js').startEmbeddedPostgres({ dataDir });
    stops.push(pg.stop);
    env.TEST_DATABASE_URL = pg.url;
  }
  if (!env.TEST_REDIS_URL) {
    const redis = await require('../dist/src/infra/embedded-redis.js').startEmbeddedRedis({ dataDir });
    stops.push(redis.stop);
    env.TEST_REDIS_URL = redis.url;
  }
}

const reports = Array.from({ length: shards }, (_, i) => `test-results/jest-${i + 1}.json`);
reports.forEach((report) => rmSync(report, { force: true }));
const statuses = await Promise.all(
  reports.map((report, i) =>
    jest(
      [
        ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []),
        // One file at a time per shard (a shard's files share its database), in a worker process that is
        // replaced once it holds more than the limit: Jest's ES-module loader keeps every file's modules,
        // and one process running the whole suite ran out of heap.
        '--maxWorkers=1',
        '--workerIdleMemoryLimit=1200MB',
        '--json',
        `--outputFile=${report}`,
        ...extraArgs,
      ],
      env,
      shards > 1 ? `[${i + 1}/${shards}]` : '',
    ),
  ),
);
for (const stop of stops) await stop().catch(() => undefined);

let passed = 0;
let failed = 0;
let skipped = 0;
const timed = [];
for (const report of reports) {
  if (!existsSync(report)) continue;
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests + (summary.numFailedTestSuites ?? 0);
  skipped += summary.numPendingTests + summary.numTodoTests;
  for (const file of summary.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    if (file.status !== 'passed') console.log(`failed: ${path}`);
    timed.push([path, (file.endTime - file.startTime) / 1000]);
  }
}
// Where the time went: the ten slowest files, and the share of each tier (browser tests should stay under half).
if (timed.length) {
  timed.sort((a, b) => b[1] - a[1]);
  const total = timed.reduce((sum, [, s]) => sum + s, 0);
  const tier = (pattern) => timed.filter(([path]) => pattern.test(path)).reduce((sum, [, s]) => sum + s, 0);
  const share = (s) => `${Math.round(s)} s (${Math.round((100 * s) / total)} %)`;
  console.log('\nslowest files:');
  for (const [path, s] of timed.slice(0, 10)) console.log(`  ${s.toFixed(1).padStart(6)} s  ${path}`);
  console.log(
    `test time ${Math.round(total)} s in ${timed.length} files: browser ${share(tier(/^test\/e2e\//))}, ` +
      `integration ${share(tier(/^test\/integration\//))}, unit and service ${share(tier(/\.spec\.tsx?$/))}`,
  );
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(statuses.some((s) => s !== 0) ? 1 : 0);
