#!/usr/bin/env node
// Records how long each test file took in the last full `npm test` (its test-results/jest-*.json), for the
// shard split (test/support/shard-sequencer.mjs). Run after a full run on a quiet machine and commit the file.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';

const reports = readdirSync('test-results').filter((f) => /^jest-\d+\.json$/.test(f));
if (!reports.length) {
  console.error('No test-results/jest-*.json: run `npm test` first.');
  process.exit(1);
}
const file = 'test/support/test-durations.json';
const measured = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
for (const report of reports) {
  for (const result of JSON.parse(readFileSync(`test-results/${report}`, 'utf8')).testResults ?? []) {
    const path = result.name.replace(`${process.cwd()}/`, '');
    measured[path] = Math.round((result.endTime - result.startTime) / 100) / 10;
  }
}
// Files that no longer exist are dropped; the longest come first, so the file reads as a ranking.
const kept = Object.entries(measured)
  .filter(([path]) => existsSync(path))
  .sort((a, b) => b[1] - a[1]);
writeFileSync(file, `${JSON.stringify(Object.fromEntries(kept), null, 1)}\n`);
console.log(`${kept.length} files, ${Math.round(kept.reduce((s, [, t]) => s + t, 0))} s in all, written to ${file}`);
