import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

describe('rate limits on the public write calls', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_REQUESTS_PER_MINUTE: '3',
        RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE: '2',
        REDIS_PREFIX: `${testState().redisPrefix}:limits`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 RATE_LIMITED with Retry-After after the per-minute limit of POST /api/requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.http.post('/api/requests').send({ eventType: '' });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message: 'تم تجاوز عدد المحاولات المسموح، يرجى المحاولة بعد قليل' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('answers 429 after the per-minute limit of POST /api/quick-messages', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await t.http.post('/api/quick-messages').send({})).status);
    expect(statuses).toEqual([400, 400, 429]);
  });
});
