// Splits the suite between `npm test`'s parallel shards so each gets an even share of the slow files:
// browser files dealt out in turn, then integration files, then unit files (sorted by path, so the split is
// the same on every machine). Within a shard Jest's own order applies.
import Sequencer from '@jest/test-sequencer';

const BaseSequencer = Sequencer.default ?? Sequencer;
const kind = (path) => (path.endsWith('.e2e-spec.ts') ? 0 : path.endsWith('.int-spec.ts') ? 1 : 2);

export default class ShardSequencer extends BaseSequencer {
  shard(tests, { shardIndex, shardCount }) {
    const ordered = [...tests].sort((a, b) => kind(a.path) - kind(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return ordered.filter((_, i) => i % shardCount === shardIndex - 1);
  }
}
