#!/usr/bin/env node
// Runs every test: makes sure the machine has what the tests need (Redis, Chromium, an Arabic font,
// pdftotext, a PostgreSQL with pg_dump for the backup test, Caddy),
// builds the app (the browser tests use the built user interfaces), runs Jest (unit, integration on
// real PostgreSQL and Redis, browser), and ends with one plain line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const extraArgs = process.argv.slice(2);
if (run(process.execPath, ['scripts/ensure-system-deps.mjs', 'redis', 'chromium', 'fonts', 'poppler', 'postgres', 'caddy']) !== 0) process.exit(1);
if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/jest.json';
const status = run(
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--runInBand', '--json', `--outputFile=${report}`, ...extraArgs],
  { ...process.env, NODE_ENV: 'test' },
);

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  const failedSuites = summary.numFailedTestSuites ?? 0;
  console.log(
    `\n${summary.numPassedTests} passed, ${summary.numFailedTests + failedSuites} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`,
  );
}
process.exit(status);
