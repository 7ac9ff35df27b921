import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { REQUEST_PAYLOAD_FIELDS } from '../../src/shared/request-rules';
import { createTestApp, TestApp } from '../support/test-app';

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
    t = await createTestApp({ env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000', RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE: '100000' } });
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
});
