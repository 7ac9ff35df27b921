// Splits the suite between `npm test`'s parallel shards so they end together: each file goes, longest
// first, to the shard with the least time so far, by the durations measured in a full run
// (test/support/test-durations.json, refreshed with `npm run test:durations` after `npm test`). A file not
// measured yet counts as a typical one of its kind. The split depends only on the paths and that file, so
// every machine and every shard computes the same one. Within a shard Jest's own order applies.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import Sequencer from '@jest/test-sequencer';

const BaseSequencer = Sequencer.default ?? Sequencer;
const UNMEASURED = (path) => (path.endsWith('.e2e-spec.ts') ? 45 : path.endsWith('.int-spec.ts') ? 8 : 1);

function durations() {
  try {
    return JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'));
  } catch {
    return {};
  }
}

/** The files of shard `index` (0-based) of `count`, for paths relative to the repository root. */
export function shardOf(paths, index, count, measured = durations()) {
  const cost = (path) => measured[path] ?? UNMEASURED(path);
  const ordered = [...paths].sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : a > b ? 1 : 0));
  const load = Array(count).fill(0);
  const mine = new Set();
  for (const path of ordered) {
    let least = 0;
    for (let i = 1; i < count; i++) if (load[i] < load[least]) least = i;
    load[least] += cost(path);
    if (least === index) mine.add(path);
  }
  return mine;
}

export default class ShardSequencer extends BaseSequencer {
  shard(tests, { shardIndex, shardCount }) {
    const root = tests[0]?.context.config.rootDir ?? process.cwd();
    const key = (test) => relative(root, test.path).replace(/\\/g, '/');
    const mine = shardOf(tests.map(key), shardIndex - 1, shardCount);
    return tests.filter((test) => mine.has(key(test)));
  }
}
