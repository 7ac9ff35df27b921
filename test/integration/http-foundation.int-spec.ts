import { createConnection, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { ProbeModule } from '../support/probe.module';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { ERROR_MESSAGES } from '../../src/common/errors/error-codes';

const ARABIC = /[\u0600-\u06FF]/;

/** Sends bytes no HTTP client would, and reads the whole answer. */
async function rawRequest(server: Server, text: string): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('HTTP foundation: health, error envelope, 404s, session guard, rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Its own key space, so other files' calls in the same minute do not count against this limit.
    t = await createTestApp({
      extraModules: [ProbeModule],
      env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '3', REDIS_PREFIX: `${testState().redisPrefix}:foundation` },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports database, Redis and queue as up', async () => {
    const res = await t.http.get('/api/health').expect(200);
    // No worker runs beside this app, so delivery may be "degraded"; the api itself serves.
    expect(res.body).toMatchObject({
      status: expect.stringMatching(/^(ok|degraded)$/),
      checks: { database: 'up', redis: 'up', queue: 'up' },
    });
    expect(res.body.details).toBeUndefined();
    // A fresh id per request (a UUID) when the caller sent none.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('sets security headers on every answer', async () => {
    const res = await t.http.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Only the foreign hosts the site uses: map tiles for images, reverse geocoding for fetch.
    const directives = csp.split(';').map((d) => d.trim());
    expect(directives).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(directives).toContain("connect-src 'self' https://nominatim.openstreetmap.org https://api.bigdatacloud.net");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a 404 envelope in Arabic', async () => {
    const res = await t.http.get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: expect.stringMatching(ARABIC) });
  });

  it('serves the public site for its routes and a 404 page for unknown paths', async () => {
    const about = await t.http.get('/about').expect(200);
    expect(about.headers['content-type']).toContain('text/html');
    expect(about.text).toContain('dir="rtl"');
    const home = await t.http.get('/').expect(200);
    expect(home.text).toContain('lang="ar"');
    const unknown = await t.http.get('/this/page/does-not-exist').expect(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.text).toContain('dir="rtl"');
    // A report link that leads nowhere is a 404 page (the app shows the spec's not-found text).
    const report = await t.http.get('/impact/AbC_123-xyz').expect(404);
    expect(report.text).toContain('dir="rtl"');
  });

  it('sends built assets and larger answers compressed to browsers that accept it, and plain to the rest', async () => {
    const home = await t.http.get('/').expect(200);
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(home.text)?.[1];
    expect(script).toMatch(/^\/assets\/index-.+\.js$/);
    // The build's own brotli and gzip files, chosen by Accept-Encoding; caches keep them apart (Vary).
    const br = await t.http
      .get(script!)
      .set('accept-encoding', 'br, gzip')
      .buffer(true)
      .parse(rawBody as never)
      .expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await t.http
      .get(script!)
      .set('accept-encoding', 'gzip')
      .buffer(true)
      .parse(rawBody as never)
      .expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.http
      .get(script!)
      .set('accept-encoding', 'identity')
      .buffer(true)
      .parse(rawBody as never)
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 3);
    // API JSON over 1 KB is compressed as it is sent; a small answer is not worth it.
    const content = await t.http.get('/api/content').set('accept-encoding', 'br, gzip').expect(200);
    expect(content.headers['content-encoding']).toBe('br');
    expect(JSON.stringify(content.body).length).toBeGreaterThan(1024);
    const health = await t.http.get('/api/health').set('accept-encoding', 'br, gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('serves the admin app for every /admin path', async () => {
    const login = await t.http.get('/admin/login').expect(200);
    expect(login.text).toContain('dir="rtl"');
    await t.http.get('/admin/dashboard').expect(200);
  });

  it('turns validation failures into field errors with Arabic messages', async () => {
    const res = await t.http.post('/api/probe/echo').send({ name: 'طويل جداً', count: 50, extra: 1 }).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toMatch(ARABIC);
    expect(res.body.errors).toEqual({
      name: 'الاسم أطول من المسموح',
      count: expect.stringMatching(ARABIC),
      extra: 'هذا الحقل غير مسموح',
    });
    await t.http.post('/api/probe/echo').send({ name: 'سارة', count: 2 }).expect(201, { name: 'سارة', count: 2 });
  });

  it('answers malformed JSON and wrong content types with 4xx, never 500', async () => {
    const bad = await t.http.post('/api/probe/echo').set('content-type', 'application/json').send('{"name": ').expect(400);
    expect(bad.body.code).toBe('INVALID_JSON');
    expect(bad.body.message).toMatch(ARABIC);
    const wrongType = await t.http.post('/api/probe/echo').set('content-type', 'text/xml').send('<a/>');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.message).toMatch(ARABIC);
  });

  it('answers a URL past the header size limit, and a request the parser cannot read, in the Arabic envelope', async () => {
    // A search box pasted full: the query string alone is over Node's 16 KB header limit.
    const long = await t.http.get(`/api/requests?filter=${encodeURIComponent(JSON.stringify({ q: 'ب'.repeat(3000) }))}`);
    expect(long.status).toBe(431);
    expect(long.body).toEqual({ statusCode: 431, code: 'HEADERS_TOO_LARGE', message: ERROR_MESSAGES.HEADERS_TOO_LARGE });
    const garbled = await rawRequest(
      t.app.getHttpServer() as Server,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n',
    );
    expect(garbled).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbled).toContain(JSON.stringify({ statusCode: 400, code: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST }));
  });

  it('answers unexpected errors with a generic Arabic 500 and logs them with the request id', async () => {
    const res = await t.http.get('/api/probe/boom').set('x-request-id', 'req-boom-12345').expect(500);
    expect(res.body).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: expect.stringMatching(ARABIC) });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(t.logLines.some((line) => line.includes('req-boom-12345') && line.includes('unhandled error'))).toBe(true);
  });

  it('keeps every route private unless it is marked public', async () => {
    const anonymous = await t.http.get('/api/probe/private').expect(401);
    expect(anonymous.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'انتهت صلاحية الجلسة' });
    await t.http.get('/api/probe/private').set('authorization', 'Bearer not-a-jwt').expect(401);

    const { token, sessionId } = await signInAdmin(t.app);
    const ok = await t.http.get('/api/probe/private').set('authorization', `Bearer ${token}`).expect(200);
    expect(ok.body).toMatchObject({ username: 'test-admin', role: 'admin', sessionId });

    // A token whose session row was ended (logout) no longer works.
    await t.app.get(DataSource).query('UPDATE admin_sessions SET ended_at = now() WHERE id = $1', [sessionId]);
    await t.http.get('/api/probe/private').set('authorization', `Bearer ${token}`).expect(401);
  });

  it('ends a session after an hour without use and after 12 hours in all', async () => {
    const idle = await signInAdmin(t.app);
    t.clock.advance(59 * 60_000);
    await t.http.get('/api/probe/private').set('authorization', `Bearer ${idle.token}`).expect(200);
    t.clock.advance(61 * 60_000);
    await t.http.get('/api/probe/private').set('authorization', `Bearer ${idle.token}`).expect(401);

    const busy = await signInAdmin(t.app);
    for (let hour = 0; hour < 11; hour++) {
      t.clock.advance(55 * 60_000);
      await t.http.get('/api/probe/private').set('authorization', `Bearer ${busy.token}`).expect(200);
    }
    t.clock.advance(100 * 60_000);
    await t.http.get('/api/probe/private').set('authorization', `Bearer ${busy.token}`).expect(401);
  });

  it('rejects a token for a real session signed with another secret', async () => {
    const { token } = await signInAdmin(t.app);
    await t.http.get('/api/probe/private').set('authorization', `Bearer ${token}`).expect(200);
    const payload = new JwtService().decode<Record<string, unknown>>(token);
    const forged = await new JwtService({ secret: 'x'.repeat(40) }).signAsync({ sid: payload.sid, sub: payload.sub, sec: payload.sec });
    await t.http.get('/api/probe/private').set('authorization', `Bearer ${forged}`).expect(401);
  });

  it('limits a route to its configured calls per minute with 429, Retry-After and an Arabic message', async () => {
    for (let i = 0; i < 3; i++) await t.http.post('/api/probe/limited').set('x-forwarded-for', '203.0.113.9').expect(201);
    const limited = await t.http.post('/api/probe/limited').expect(429);
    expect(limited.body).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'تم تجاوز عدد المحاولات المسموح، يرجى المحاولة بعد قليل',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('HTTP foundation when Redis is unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      extraModules: [ProbeModule],
      env: { REDIS_URL: 'redis://127.0.0.1:1/0', RATE_LIMIT_REQUESTS_PER_MINUTE: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports 503 naming Redis as down', async () => {
    const res = await t.http.get('/api/health').expect(503);
    expect(res.body.checks).toMatchObject({ database: 'up', redis: 'down' });
  });

  it('lets rate-limited calls through (fail open) and logs a warning', async () => {
    for (let i = 0; i < 3; i++) await t.http.post('/api/probe/limited').expect(201);
    expect(t.logLines.some((line) => line.includes('rate limiter cannot reach Redis'))).toBe(true);
  });
});

/** Keeps a response body as bytes (superagent would otherwise try to read a script as text). */
function rawBody(res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
