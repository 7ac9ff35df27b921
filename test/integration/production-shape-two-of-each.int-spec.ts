import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { freePort, HttpsClient, Proc, REPO, Reply, stoppedCleanly } from '../support/production-processes';
import { ADMIN, CONTENT_SID, ProductionStack } from '../support/production-stack';
import { requestPayload } from '../support/request-payload';
import { waitFor } from '../support/wait-for';

const REQUESTS = 1000; // a confirmation to each host and a notice to the administrator: 2,000 messages
const SENDERS = 16;
// Two seconds before 00:10 on 1 July 2025 in Riyadh, when the nightly statistics run for 30 June.
const BEFORE_NIGHTLY = '2025-06-30T21:09:58Z';
const SHIFTED_CLOCK = join(REPO, 'test/support/shifted-clock.mjs');

interface Served {
  reply: Reply;
  /** The api process whose request log has the call's id. */
  api: string;
}

/**
 * Two of each (issue 21, item 4): two compiled api processes behind Caddy (round robin) and two
 * workers, on one PostgreSQL and one Redis. Which api answered a call is read from its own request
 * log, found by the X-Request-Id the test sends.
 */
describe('production shape: two apis and two workers behind Caddy', () => {
  let stack: ProductionStack;
  const apis: Proc[] = [];
  let workers: Proc[] = [];
  let visitor: HttpsClient;

  const startWorkers = (extra: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Proc[]> =>
    Promise.all(['worker-1', 'worker-2'].map((name) => stack.startWorker(name, { WORKER_CONCURRENCY: '10', ...extra }, nodeArgs)));

  /** The call, with a request id of its own, and the api whose log shows that id. */
  async function call(
    client: HttpsClient,
    method: string,
    path: string,
    init: { headers?: Record<string, string>; json?: unknown } = {},
  ): Promise<Served> {
    const id = `t-${randomUUID()}`;
    const reply = await client.request(method, path, { ...init, headers: { ...init.headers, 'x-request-id': id } });
    const api = await waitFor(
      () => apis.find((proc) => proc.logs().some((entry) => entry.reqId === id && entry.msg === 'request')),
      10_000,
      `the api that answered ${id}`,
    );
    return { reply, api: api.name };
  }

  /**
   * Calls until both apis have answered: at least `min` calls, at most `max` (the sign-in limit counts
   * them) and 30 s. Round robin alternates, but Caddy leaves out an api whose health check failed (one
   * that was still starting when Caddy first checked) until its next check, 5 s later.
   */
  async function untilBothAnswer(
    client: HttpsClient,
    method: string,
    path: string,
    init: { headers?: Record<string, string> } = {},
    { min = 4, max = 200 } = {},
  ): Promise<Served[]> {
    const served: Served[] = [];
    const until = Date.now() + 30_000;
    const both = () => new Set(served.map((c) => c.api)).size === 2;
    while (served.length < min || (!both() && served.length < max && Date.now() < until)) {
      if (served.length >= min) await new Promise((resolve) => setTimeout(resolve, 250));
      served.push(await call(client, method, path, init));
    }
    return served;
  }

  beforeAll(async () => {
    stack = await ProductionStack.start();
    const migrate = await stack.migrate();
    if ((await migrate.exited).code !== 0) throw new Error(`migrate.js failed\n${migrate.describe()}`);
    const ports = [await freePort(), await freePort()];
    // The write limit is raised for the 2,000 messages; the sign-in limit (20 a minute) stays.
    const started = await Promise.all([
      ...ports.map((port, i) => stack.startApi(`api-${'ab'[i]}`, port, { RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000' })),
      startWorkers(),
      stack.startCaddy(ports),
    ]);
    apis.push(started[0] as Proc, started[1] as Proc);
    workers = started[2] as Proc[];
    visitor = stack.client('127.0.0.2');
    // Both apis in Caddy's rotation before any test counts who answered (health calls count against no limit).
    const probe = stack.client('127.0.0.5');
    await untilBothAnswer(probe, 'GET', '/api/health', {}, { min: 2 }).finally(() => probe.close());
  }, 240_000);

  afterAll(async () => {
    visitor?.close();
    await stack?.close();
  }, 60_000);

  it('accepts a session issued by one api on the other, and a logout on one ends it on both', async () => {
    const token = await stack.adminToken(visitor);
    const auth = { authorization: `Bearer ${token}` };
    // At most 8 calls each side of the logout: with the sign-in, under the limit of 20 a minute.
    const before = await untilBothAnswer(visitor, 'GET', '/api/auth/verify', { headers: auth }, { max: 8 });
    expect(before.map((c) => c.reply.status)).toEqual(before.map(() => 200));
    expect(new Set(before.map((c) => c.api))).toEqual(new Set(['api-a', 'api-b']));

    const out = await call(visitor, 'POST', '/api/auth/logout', { headers: auth });
    expect(out.reply.status).toBe(200);
    const after = await untilBothAnswer(visitor, 'GET', '/api/auth/verify', { headers: auth }, { max: 8 });
    expect(after.map((c) => c.reply.status)).toEqual(after.map(() => 401));
    expect(new Set(after.map((c) => c.api))).toEqual(new Set(['api-a', 'api-b']));
  });

  it('counts a per-address limit across both apis (20 sign-in calls a minute, whichever api answers)', async () => {
    const caller = stack.client('127.0.0.3');
    try {
      // Both apis still in Caddy's rotation before the count starts.
      const probe = stack.client('127.0.0.6');
      await untilBothAnswer(probe, 'GET', '/api/health', {}, { min: 2 }).finally(() => probe.close());
      const calls: Served[] = [];
      for (let i = 0; i < 21; i++) calls.push(await call(caller, 'GET', '/api/auth/verify'));
      expect(calls.slice(0, 20).every((c) => c.reply.status === 401)).toBe(true);
      expect(calls[20].reply.status).toBe(429);
      // Neither api alone saw 20 calls: only a count kept in Redis for both refuses the 21st.
      const perApi = ['api-a', 'api-b'].map((name) => calls.slice(0, 20).filter((c) => c.api === name).length);
      expect(Math.max(...perApi)).toBeLessThan(20);
      expect(Math.min(...perApi)).toBeGreaterThan(0);
    } finally {
      caller.close();
    }
  });

  it('sends 2,000 messages from 1,000 requests through Caddy exactly once with two workers', async () => {
    const [{ value: district }] = (
      await stack.db.query(`SELECT value FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`)
    ).rows;
    const hosts = stack.client('127.0.0.4', SENDERS);
    const phones = Array.from({ length: REQUESTS }, (_, i) => `05${String(60_000_000 + i)}`);
    const replies: Reply[] = [];
    try {
      let next = 0;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (next < phones.length) {
            const phone = phones[next++];
            replies.push(await hosts.request('POST', '/api/requests', { json: requestPayload(phone, district) }));
          }
        }),
      );
    } finally {
      hosts.close();
    }
    expect(replies.filter((r) => r.status !== 201).map((r) => r.text)).toEqual([]);
    const ids = replies.map((r) => String(r.json().id));
    // Both apis took requests.
    for (const api of apis) expect(api.logs().some((e) => e.msg === 'request created')).toBe(true);

    const sentCount = async () =>
      (
        await stack.db.query(
          `SELECT count(*)::int AS n FROM assurance_attempts WHERE template_key IN ('requestConfirmation', 'newRequest') AND status = 'sent'`,
        )
      ).rows[0].n as number;
    await waitFor(async () => (await sentCount()) === 2 * REQUESTS, 180_000, 'all 2,000 messages recorded as sent');
    // Anything sent twice would reach the double a moment after its first copy.
    await new Promise((r) => setTimeout(r, 1000));

    const confirmations = stack.double.messages.filter((m) => m.contentSid === CONTENT_SID.requestConfirmation);
    const perHost = new Map<string, number>();
    for (const m of confirmations) perHost.set(m.to, (perHost.get(m.to) ?? 0) + 1);
    expect(confirmations).toHaveLength(REQUESTS);
    expect(phones.every((p) => perHost.get(`whatsapp:+966${p.slice(1)}`) === 1)).toBe(true);

    const notices = stack.double.messages.filter((m) => m.contentSid === CONTENT_SID.newRequest && m.to === `whatsapp:${ADMIN.whatsapp}`);
    expect(notices).toHaveLength(REQUESTS);
    expect(new Set(notices.map((m) => m.contentVariables!['1']))).toEqual(new Set(ids));
    // Two workers competed for them all along (each stamps its heartbeat while it runs).
    const alive = await stack.db.query('SELECT worker_id FROM worker_heartbeats WHERE worker_id = ANY($1)', [
      workers.map((w) => `${hostname()}:${w.child.pid}`),
    ]);
    expect(alive.rows).toHaveLength(2);
  }, 300_000);

  it('runs the nightly statistics once when both workers reach 00:10 together', async () => {
    const stopped = await Promise.all(workers.map((w) => w.stop()));
    expect(stopped.filter((s) => !stoppedCleanly(s))).toEqual([]);

    // Both workers start with their clocks held two seconds before 00:10 in Riyadh and, once both are
    // ready, are let go together: their schedules then fire at the same moment.
    workers = await startWorkers({ TEST_CLOCK_AT: BEFORE_NIGHTLY }, ['--import', SHIFTED_CLOCK]);
    for (const worker of workers) worker.child.kill('SIGUSR2');

    const outcomes = await Promise.all(
      workers.map((w) =>
        w.waitForLog((e) => typeof e.msg === 'string' && e.msg.startsWith('nightly statistics'), 120_000, 'its nightly statistics run'),
      ),
    );
    expect(outcomes.map((o) => ({ night: o.night, ran: o.ran })).sort((a, b) => Number(a.ran) - Number(b.ran))).toEqual([
      { night: '2025-06-30', ran: false },
      { night: '2025-06-30', ran: true },
    ]);
    const { rows } = await stack.db.query(
      `SELECT (SELECT count(*)::int FROM statistics WHERE metric = 'nightly_run' AND date = '2025-06-30') AS runs,
              (SELECT count(*)::int FROM statistics WHERE period = 'daily' AND date = '2025-06-30' AND metric <> 'nightly_run') AS figures`,
    );
    expect(rows[0].runs).toBe(1);
    expect(rows[0].figures).toBeGreaterThan(0);
  }, 240_000);

  it('stops both apis, both workers and Caddy within 10 s of SIGTERM', async () => {
    const all = [...apis, ...workers, stack.caddy!];
    const results = await Promise.all(all.map(async (proc) => ({ name: proc.name, ...(await proc.stop()) })));
    process.stdout.write(
      results.map((r) => `${r.name} stopped ${r.ms} ms after SIGTERM (code ${r.code}, signal ${r.signal})`).join('\n') + '\n',
    );
    expect(results.filter((r) => !stoppedCleanly(r))).toEqual([]);
  }, 60_000);
});
