import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { REQUEST_PAYLOAD_FIELDS } from '../../src/shared/request-rules';
import { requestPayload, someDistrict } from '../support/request-payload';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { DataSource } from 'typeorm';

const ARABIC = /[\u0600-\u06FF]/;

const REQUEST_FIELDS = [...REQUEST_PAYLOAD_FIELDS];
const QUICK_FIELDS = ['senderName', 'senderPhone', 'inquiryType', 'inquirySubject', 'originalMessage'];

/** Any JSON value, with strings from the whole Unicode range. */
const anyJson = fc.jsonValue({ maxDepth: 3 });
const anyValue = fc.oneof(
  anyJson,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('٠٥٥١٢٣٤٥٦٧', '2026-13-45', '99:99', 'important_place', 'custom', '', ' ', '\u0000', 'الموقع الحالي'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

/** Objects with the call's own field names (and sometimes stray ones), each holding random JSON. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: fields.length }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.oneof(fc.array(anyValue, { maxLength: 4 }), fc.string(), fc.integer(), fc.constant(null), fc.boolean()) },
  );

describe('fuzz: random JSON to every public write call never causes a 5xx', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_REQUESTS_PER_MINUTE: '100000',
        RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE: '100000',
        RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  for (const [path, fields] of [
    ['/api/requests', REQUEST_FIELDS],
    ['/api/quick-messages', QUICK_FIELDS],
  ] as const) {
    it(`POST ${path}`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor([...fields]), async (body) => {
          const res = await t.http.post(path).set('content-type', 'application/json').send(JSON.stringify(body));
          if (res.status === 201) return; // a random body can be valid (quick messages especially)
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.body.message).toMatch(ARABIC);
          if (res.body.errors) for (const message of Object.values(res.body.errors)) expect(message).toMatch(ARABIC);
        }),
        { numRuns: 250 },
      );
    });
  }

  // PostgreSQL refuses NUL in text and a lone surrogate is not UTF-8: both must be a 400 naming the field.
  for (const [label, bad] of [
    ['a NUL character', 'محمد\u0000أحمد'],
    ['a lone surrogate', 'محمد\ud800أحمد'],
  ] as const) {
    it(`answers 400 naming the field for ${label} in a text field`, async () => {
      const district = await someDistrict(t.app.get(DataSource));
      for (const field of ['organizerName', 'landmarks', 'additionalNotes'] as const) {
        const body = { ...requestPayload(`0553${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`, district), [field]: bad };
        const res = await t.http.post('/api/requests').set('content-type', 'application/json').send(JSON.stringify(body));
        expect(res.status).toBe(400);
        expect(res.body.errors?.[field]).toMatch(ARABIC);
      }
      const quick = await t.http
        .post('/api/quick-messages')
        .set('content-type', 'application/json')
        .send(
          JSON.stringify({
            senderName: bad,
            senderPhone: '0551234567',
            inquiryType: 'general',
            inquirySubject: 'سؤال',
            originalMessage: 'رسالة تجريبية طويلة بما يكفي',
          }),
        );
      expect(quick.status).toBe(400);
    });
  }

  it('answers 400 in Arabic for a body nested deeper than 20 levels', async () => {
    const deep = '['.repeat(1000) + ']'.repeat(1000);
    for (const path of ['/api/auth/login', '/api/requests', '/api/quick-messages']) {
      const res = await t.http.post(path).set('content-type', 'application/json').send(deep);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BODY_TOO_DEEP', message: expect.stringMatching(ARABIC) });
    }
  });

  it('refuses bodies over 64 KB to the public forms and sign-in, in Arabic', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(70 * 1024), password: 'y' });
    for (const path of ['/api/auth/login', '/api/requests', '/api/quick-messages']) {
      const res = await t.http.post(path).set('content-type', 'application/json').send(big);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(ARABIC) });
    }
  });

  it('answers 400, never 500, for ids past 2^31 in admin routes', async () => {
    const auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'fuzz-admin')).token}` };
    for (const path of [
      '/api/requests/2147483648',
      '/api/requests/99999999999999999999/messages',
      '/api/admin/messages/2147483648/resend',
    ]) {
      const res = path.endsWith('resend') ? await t.http.post(path).set(auth) : await t.http.get(path).set(auth);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(ARABIC);
    }
  });
  // A second app in this process replaces the first's session strategy: this one runs last.
  it('counts the per-username login limit on the normalised name (fullwidth letters are the same name)', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_LOGIN_PER_USERNAME: '2', RATE_LIMIT_AUTH_PER_MINUTE: '1000', REDIS_PREFIX: `${testState().redisPrefix}:fullwidth` },
    });
    try {
      const statuses: number[] = [];
      for (const username of ['limitme', 'LIMITME', 'ｌｉｍｉｔｍｅ']) {
        statuses.push((await limited.http.post('/api/auth/login').send({ username, password: 'wrong-password-1' })).status);
      }
      expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
      expect(statuses[2]).toBe(429);
    } finally {
      await limited.close();
    }
  });
  // Also a second app, so also at the end.
  it('counts the per-address limits before reading the body: malformed and oversized bodies use them up, then 429', async () => {
    const limited = await createTestApp({
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '2',
        RATE_LIMIT_REQUESTS_PER_MINUTE: '2',
        REDIS_PREFIX: `${testState().redisPrefix}:pre-parse`,
      },
    });
    try {
      const flood = '['.repeat(400_000);
      for (const path of ['/api/auth/login', '/api/requests']) {
        const malformed = () => limited.http.post(path).set('content-type', 'application/json').send('{"username": ');
        // The first two are parsed and refused for what they are; each one counted all the same.
        expect((await malformed()).body.code).toBe('INVALID_JSON');
        expect((await malformed()).body.code).toBe('INVALID_JSON');
        // Then neither a malformed body nor 800 KB of nesting is read: 429 in Arabic, with Retry-After.
        const third = await malformed();
        expect(third.status).toBe(429);
        expect(third.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(ARABIC) });
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
        const deep = await limited.http.post(path).set('content-type', 'application/json').send(flood);
        expect(deep.status).toBe(429);
        // The answer carries the same security headers as every other.
        expect(deep.headers['content-security-policy']).toContain("default-src 'self'");
      }
    } finally {
      await limited.close();
    }
  });
});
