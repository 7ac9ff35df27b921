import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { FakeClock } from '../../src/common/clock/clock';
import { IS_PUBLIC_KEY } from '../../src/common/auth/public.decorator';
import { signInAdmin } from '../support/admin-session';
import { appWithRoutes, type Route } from '../support/routed-app';

/** Fastify's parameter syntax, normalised so Nest paths and Fastify routes compare. */
function normalise(path: string): string {
  return ('/' + path.split('/').filter(Boolean).join('/')).replace(/:[^/]+/g, ':param');
}

/** Every controller route Nest knows, with whether it (or its controller) is marked @Public(). */
function nestRoutes(app: NestFastifyApplication): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const moduleRef of app.get(ModulesContainer).values()) {
    for (const wrapper of moduleRef.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const base = [Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined].flat();
      const classPublic = Reflect.getMetadata(IS_PUBLIC_KEY, type) === true;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        const isPublic = classPublic || Reflect.getMetadata(IS_PUBLIC_KEY, handler) === true;
        for (const prefix of base) {
          for (const path of paths) {
            out.set(`${RequestMethod[method]} ${normalise(`/api/${prefix ?? ''}/${path ?? ''}`)}`, isPublic);
          }
        }
      }
    }
  }
  return out;
}

describe('default deny: every route not marked @Public() needs a live session', () => {
  let app: NestFastifyApplication;
  let clock: FakeClock;
  let registered: Route[] = [];

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    ({ app, routes: registered } = await appWithRoutes({ RATE_LIMIT_AUTH_PER_MINUTE: '10000' }, clock));
  });
  afterAll(async () => {
    await app?.close();
  });

  function privateRoutes(): Route[] {
    const known = nestRoutes(app);
    const api = registered.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    // Every API route Fastify serves must come from a Nest controller, so its @Public() mark is known.
    const unknown = api.filter((r) => !known.has(`${r.method} ${normalise(r.url)}`));
    expect(unknown).toEqual([]);
    return api.filter((r) => known.get(`${r.method} ${normalise(r.url)}`) === false);
  }

  async function call(route: Route, token?: string) {
    const url = route.url.replace(/:[^/]+/g, '1');
    const agent = request(app.getHttpServer());
    const req = (agent as unknown as Record<string, (url: string) => request.Test>)[route.method.toLowerCase()](url);
    if (token) void req.set('authorization', `Bearer ${token}`);
    return req.send({});
  }

  it('finds the API routes, public and private', () => {
    const routes = privateRoutes();
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/security/status', 'POST /api/system/toggle-site-block', 'GET /api/auth/verify']),
    );
    expect(names).not.toContain('POST /api/auth/login');
    expect(names).not.toContain('GET /api/system/site-blocked');
  });

  it('answers 401 without a token, with a forged token, with a logged-out token and with an expired one', async () => {
    const routes = privateRoutes();
    const failures: string[] = [];
    const expectUnauthorized = async (label: string, token?: string) => {
      for (const route of routes) {
        const res = await call(route, token);
        if (res.status !== 401 || res.body.code !== 'UNAUTHORIZED') failures.push(`${label}: ${route.method} ${route.url} → ${res.status}`);
      }
    };
    await expectUnauthorized('no token');
    await expectUnauthorized('forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOjEsInN1YiI6MSwic2VjIjoieCJ9.c2lnbmF0dXJl');
    // What a public page may find left in its storage: not a token at all (the site check sends it to /blocked).
    const garbage = await request(app.getHttpServer()).get('/api/auth/verify').set('authorization', 'Bearer not-a-token').expect(401);
    expect(garbage.body.code).toBe('UNAUTHORIZED');

    const loggedOut = await signInAdmin(app, 'walker');
    await request(app.getHttpServer()).get('/api/auth/verify').set('authorization', `Bearer ${loggedOut.token}`).expect(200);
    await request(app.getHttpServer()).post('/api/auth/logout').set('authorization', `Bearer ${loggedOut.token}`).expect(200);
    await expectUnauthorized('logged-out token', loggedOut.token);

    const expiring = await signInAdmin(app, 'walker');
    await request(app.getHttpServer()).get('/api/auth/verify').set('authorization', `Bearer ${expiring.token}`).expect(200);
    clock.advance(12 * 60 * 60 * 1000 + 1000);
    await expectUnauthorized('expired token', expiring.token);
    expect(failures).toEqual([]);
  });
});
