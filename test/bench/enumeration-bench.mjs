// Does the time of an answer tell which usernames exist? Medians of POST /api/auth/reset-password and
// of a wrong-password login, for the real administrator and for unknown names, alternated, against
// the compiled server on a scratch database. The target: medians within 2 ms of each other.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerAndDouble, freePort, median, print, scratchDatabase, startNode, waitForHttp } from './bench-support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const LIMIT_MS = 2;

async function timed(url, body) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.status };
}

async function main() {
  buildServerAndDouble();
  const db = await scratchDatabase('bench_enum');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'charity-enum-'));
  const api = startNode(
    'src/main.js',
    {
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: db.url,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `enum-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'bench-password-1',
      ADMIN_WHATSAPP_NUMBERS: '+966500000001',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_USERNAME: '1000000',
      RATE_LIMIT_CODES_PER_ACCOUNT: '1000000',
    },
    'api',
  );
  const base = `http://127.0.0.1:${port}`;
  let failed = false;
  try {
    await waitForHttp(`${base}/api/health`, api);
    const flows = [
      { name: 'reset-password', path: '/api/auth/reset-password', body: (username) => ({ username }) },
      // Both names end up frozen after three tries: from then on both answer ACCOUNT_FROZEN.
      { name: 'login, wrong password', path: '/api/auth/login', body: (username) => ({ username, password: 'wrong-password-1' }) },
    ];
    print(`username timing (${ROUNDS} rounds each, alternated; medians in ms)`);
    print('| flow | known (admin) | unknown | difference | known / unknown |');
    print('|---|---|---|---|---|');
    for (const flow of flows) {
      for (let i = 0; i < 10; i++) await timed(base + flow.path, flow.body(`warm-${i}`)); // warm-up
      const known = [];
      const unknown = [];
      const statuses = new Set();
      for (let i = 0; i < ROUNDS; i++) {
        const a = await timed(base + flow.path, flow.body('admin'));
        const b = await timed(base + flow.path, flow.body(`nobody-${i % 5}`));
        known.push(a.ms);
        unknown.push(b.ms);
        if (i >= 3) statuses.add(`${a.status}/${b.status}`);
      }
      const k = median(known);
      const u = median(unknown);
      const diff = Math.abs(k - u);
      if (diff > LIMIT_MS) failed = true;
      print(`| ${flow.name} | ${k.toFixed(2)} | ${u.toFixed(2)} | ${diff.toFixed(2)} | ${(k / u).toFixed(3)} |`);
      if (statuses.size !== 1 || [...statuses][0].split('/')[0] !== [...statuses][0].split('/')[1]) {
        print(`  answers differ between known and unknown names: ${[...statuses].join(', ')}`);
        failed = true;
      }
    }
    print(failed ? `FAIL: a difference above ${LIMIT_MS} ms or different answers` : `ok: every difference within ${LIMIT_MS} ms`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
