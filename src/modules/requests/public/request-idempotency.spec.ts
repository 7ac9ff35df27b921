import { describe, expect, it } from '@jest/globals';
import { canonicalJson } from './request-idempotency';

describe('canonicalJson (the body an Idempotency-Key is bound to)', () => {
  it('is the same whatever order the keys were sent in, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'ن' } })).toBe(
      canonicalJson({ a: { c: 'ن', d: [2, { y: null, z: 1 }] }, b: 1 }),
    );
  });

  it('tells apart bodies that differ in a value, an array order or a missing key', () => {
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1, b: null })).not.toBe(canonicalJson({ a: 1 }));
  });
});
