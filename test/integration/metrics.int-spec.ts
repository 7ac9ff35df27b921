import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { createTestApp, type TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { waitFor } from '../support/wait-for';

const TOKEN = 'metrics-test-token-0123456789abcdef-0123456789';
const ARABIC = /[\u0600-\u06FF]/;

/** The value of one sample in Prometheus's text format (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('does not exist: the same 404 as any unknown path, token or not', async () => {
      const unknown = await t.http.get('/no-such-path');
      const metrics = await t.http.get('/metrics');
      const withToken = await t.http.get('/metrics').set('authorization', `Bearer ${TOKEN}`);
      expect(unknown.status).toBe(404);
      for (const res of [metrics, withToken]) {
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
        expect(res.text).toBe(unknown.text);
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const scrape = async () => {
      const res = await t.http.get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
      return res.text;
    };

    beforeAll(async () => {
      // A key prefix of its own: the shared counters count only this file's events.
      t = await createTestApp({ worker: true, env: { METRICS_TOKEN: TOKEN, REDIS_PREFIX: `${testState().redisPrefix}:metrics` } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses a missing or wrong bearer token with 401, in Arabic, and accepts the right one', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
        const req = t.http.get('/metrics');
        if (authorization) void req.set('authorization', authorization);
        const res = await req.expect(401);
        expect(res.body).toMatchObject({ statusCode: 401, code: 'METRICS_TOKEN_INVALID', message: expect.stringMatching(ARABIC) });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.text).not.toContain('charity_');
      }
      const ok = await t.http.get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers['cache-control']).toBe('no-store');
      // Process figures (prom-client's defaults) and the shared ones.
      expect(ok.text).toMatch(/^process_cpu_user_seconds_total \d/m);
      expect(ok.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      expect(sample(ok.text, 'charity_shared_figures_up')).toBe(1);
      expect(sample(ok.text, 'charity_delivery_circuit_state', { state: 'closed' })).toBe(1);
      expect(sample(ok.text, 'charity_delivery_paused')).toBe(0);
    });

    it('counts requests by route pattern and status, never by the raw URL', async () => {
      await t.http.get('/api/requests/424242').expect(401);
      await t.http.get('/api/requests/515151').expect(401);
      await t.http.get('/api/health').expect(200);
      const text = await scrape();
      expect(sample(text, 'charity_http_requests_total', { method: 'GET', route: '/api/requests/:id', status: '401' })).toBe(2);
      expect(sample(text, 'charity_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'charity_http_request_duration_seconds_count', { route: '/api/requests/:id', status: '401', method: 'GET' }),
      ).toBe(2);
      expect(text).not.toContain('424242');
      expect(text).not.toContain('515151');
    });

    it('moves when a message is sent (counted by the worker, read from shared state) and when a sign-in fails', async () => {
      const before = await scrape();
      expect(sample(before, 'charity_workers_alive')).toBeGreaterThanOrEqual(1);
      const sentBefore = sample(before, 'charity_whatsapp_deliveries_total', { outcome: 'sent' });
      const failuresBefore = sample(before, 'charity_login_failures_total', { reason: 'invalid_username' });

      await t.app.get(UnitOfWork).run((tx) =>
        tx.send({
          templateKey: 'securityAlert',
          recipients: [{ whatsapp: '+966500000991', role: 'admin' }],
          variables: { alertTitle: 'اختبار', username: 'admin', details: 'metrics', ipAddress: '127.0.0.1', time: 'الآن' },
          reason: 'metrics_test',
        }),
      );
      await t.http.post('/api/auth/login').send({ username: 'nobody-for-metrics', password: 'wrong-password-1' }).expect(401);

      // The figures are read at most every 5 s: within a few seconds the scrape shows both.
      const after = await waitFor(
        async () => {
          const text = await scrape();
          return sample(text, 'charity_whatsapp_deliveries_total', { outcome: 'sent' }) === sentBefore + 1 &&
            sample(text, 'charity_login_failures_total', { reason: 'invalid_username' }) === failuresBefore + 1
            ? text
            : null;
        },
        20_000,
        'the delivery and the failed sign-in to show in /metrics',
      );
      expect(sample(after, 'charity_outbox_messages', { state: 'queued' })).toBe(0);
      expect(sample(after, 'charity_outbox_lag_seconds')).toBe(0);
      const [row] = await t.app
        .get(DataSource)
        .query(
          `SELECT a.status FROM assurance_attempts a JOIN assurance_notification_groups g USING (group_id) WHERE g.reason = 'metrics_test'`,
        );
      expect(row.status).toBe('sent');
    });
  });
});
