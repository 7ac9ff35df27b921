import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { signInAdmin } from '../support/admin-session';
import { appWithRoutes, type Route } from '../support/routed-app';

const ARABIC = /[\u0600-\u06FF]/;
/** Past int4, negative, exponent, not a number, 30 digits. */
const BAD_IDS = ['2147483648', '-1', '1e3', 'abc', '123456789012345678901234567890'];

/**
 * Valid bodies for the routes that need one, so that the only thing wrong with each call is its id. A
 * new `:id` route with a required body is added here (the test says which one is missing).
 */
const BODIES: Record<string, object> = {
  'PATCH /api/requests/:id/status': { status: 'reviewing' },
  'POST /api/admin/quick-messages/:id/reply': { reply: 'شكراً لتواصلكم' },
  'PUT /api/admin/important-places/:id': { value: 'place', label: 'مكان', isActive: true },
  'POST /api/admin/stickers/:id/toggle': { isActive: true },
  'PATCH /api/admin/governance/:id/toggle': { isActive: true },
  'PATCH /api/admin/impact-reports/:id': { isPublic: true },
  'PATCH /api/admin/emergency-access-codes/:id': { isActive: false },
};

/** Every route the app serves with an `:id` in its path, each id sent five bad ways: 400 naming the id, never 5xx. */
describe('numeric ids in the path', () => {
  let app: NestFastifyApplication;
  let registered: Route[] = [];
  let token: string;

  beforeAll(async () => {
    ({ app, routes: registered } = await appWithRoutes({ RATE_LIMIT_AUTH_PER_MINUTE: '10000' }));
    token = (await signInAdmin(app, 'id-walker')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const idRoutes = () =>
    registered.filter((r) => r.url.startsWith('/api/') && r.url.includes('/:id') && r.method !== 'HEAD' && r.method !== 'OPTIONS');

  it('finds the id routes, the five of the report among them', () => {
    const names = idRoutes().map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'PATCH /api/requests/:id/status',
        'POST /api/admin/quick-messages/:id/retry',
        'PATCH /api/admin/emergency-access-codes/:id',
        'DELETE /api/admin/emergency-access-codes/:id',
        'POST /api/security/alerts/:id/resolve',
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 400 naming the id in Arabic for every bad id on every route, never 5xx', async () => {
    const wrong: string[] = [];
    for (const route of idRoutes()) {
      const body = BODIES[`${route.method} ${route.url}`] ?? {};
      for (const bad of BAD_IDS) {
        const url = route.url.replace(':id', encodeURIComponent(bad));
        const agent = request(app.getHttpServer());
        const call = (agent as unknown as Record<string, (url: string) => request.Test>)[route.method.toLowerCase()](url);
        const res = await call.set('authorization', `Bearer ${token}`).send(body);
        const named = typeof res.body?.errors?.id === 'string' && ARABIC.test(res.body.errors.id) && ARABIC.test(res.body.message);
        if (res.status !== 400 || res.body.code !== 'VALIDATION_FAILED' || !named)
          wrong.push(`${route.method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still reaches the route with a well-formed id (a missing row is 404, not 400)', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/security/alerts/2147483647/resolve')
      .set('authorization', `Bearer ${token}`)
      .send({});
    expect(res.status).toBe(404);
  });
});
