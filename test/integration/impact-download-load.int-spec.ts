import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { signInAdmin } from '../support/admin-session';
import { maximalImpactReport } from '../support/impact-report';
import { compiledServer, killAll, startApiProcess } from '../support/server-process';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** Parallel downloads of a report nobody has downloaded yet (so the first is among them). */
const PARALLEL_DOWNLOADS = 8;
/** Issue 22 finding 1: 8 parallel downloads moved /api/health's p50 from 6 ms to 9.8 s. */
const MAX_RATIO = 3;
/** A new /api/health call starts this often, whether or not the last one has answered (open loop). */
const EVERY_MS = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The public PDF download must not stall the rest of the api: /api/health's median answer time while
 * 8 downloads of a report at the form's limits run (the first download included) stays within 3× of
 * its median alone, measured in the same run. The api runs as its own process (the compiled server), so
 * the calls are started on time however busy it is. Drawn on the event loop, each download held it for
 * a second or more and the ratio was in the hundreds.
 */
describe('impact report downloads under load', () => {
  let t: TestApp;
  let api: { child: ChildProcess; base: string };
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'impact-load-admin')).token}` };
    token = (await t.http.post('/api/admin/impact-reports').set(auth).send(maximalImpactReport()).expect(201)).body.shareToken;
    api = await startApiProcess(compiledServer(), {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'charity-impact-load-')),
      REDIS_PREFIX: `${testState().redisPrefix}:impact-load`,
    });
  }, 300_000);
  afterAll(async () => {
    if (api) killAll([api.child]);
    await t?.close();
  });

  /** Milliseconds of one /api/health call; a call that does not answer 200 counts as never answered. */
  async function healthTime(): Promise<number> {
    const started = performance.now();
    try {
      const res = await fetch(`${api.base}/api/health`);
      await res.arrayBuffer();
      return res.status === 200 ? performance.now() - started : Infinity;
    } catch {
      return Infinity;
    }
  }

  /** Starts a call every EVERY_MS while `busy()` says so, and at least `count` calls; their times. */
  async function sample(count: number, busy: () => boolean = () => false): Promise<number[]> {
    const calls: Promise<number>[] = [];
    while (busy() || calls.length < count) {
      calls.push(healthTime());
      await sleep(EVERY_MS);
    }
    return Promise.all(calls);
  }

  it(`keeps /api/health within ${MAX_RATIO}× of its median alone during ${PARALLEL_DOWNLOADS} parallel downloads`, async () => {
    await sample(10); // warm-up
    const before = await sample(50);

    let pending = PARALLEL_DOWNLOADS;
    const downloads = Array.from({ length: PARALLEL_DOWNLOADS }, async () => {
      try {
        const res = await fetch(`${api.base}/api/impact/${token}/download`);
        return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
      } finally {
        pending -= 1;
      }
    });
    const during = await sample(10, () => pending > 0);
    const results = await Promise.all(downloads);
    const after = await sample(50);

    const alone = median([...before, ...after]);
    const loaded = median(during);
    const ratio = loaded / alone;
    console.log(
      `health p50 alone ${alone.toFixed(1)} ms, during ${PARALLEL_DOWNLOADS} downloads ${loaded.toFixed(1)} ms ` +
        `(${during.length} calls, ${during.filter((ms) => ms === Infinity).length} unanswered): ratio ${ratio.toFixed(2)} (limit ${MAX_RATIO})`,
    );

    expect(ratio).toBeLessThan(MAX_RATIO);
    expect(during.filter((ms) => ms === Infinity)).toEqual([]);
    for (const result of results) {
      expect(result.status).toBe(200);
      expect(result.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(result.body.equals(results[0].body)).toBe(true);
    }
    // Long enough for the old code to finish and print its ratio (8 draws one after another on a busy machine).
  }, 300_000);
});
