import { describe, expect, it } from '@jest/globals';
import { findBodyProblem, MAX_BODY_DEPTH } from './body-guard';

describe('findBodyProblem', () => {
  it('accepts ordinary Arabic bodies, emoji included (paired surrogates)', () => {
    expect(findBodyProblem({ organizerName: 'محمد أحمد', notes: 'شكراً 🌙', foodTypes: ['rice'] })).toBeNull();
  });

  it('names the top-level field holding a NUL or an unpaired surrogate', () => {
    expect(findBodyProblem({ organizerName: 'محمد\u0000' })).toEqual({ kind: 'text', field: 'organizerName' });
    expect(findBodyProblem({ a: 'x', landmarks: 'بجوار\ud800' })).toEqual({ kind: 'text', field: 'landmarks' });
    expect(findBodyProblem({ foodTypes: ['rice', 'x\udfff'] })).toEqual({ kind: 'text', field: 'foodTypes' });
    expect(findBodyProblem({ nested: { deeper: { name: '\u0000' } } })).toEqual({ kind: 'text', field: 'nested' });
  });

  it(`refuses nesting past ${MAX_BODY_DEPTH} levels without recursion`, () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBodyProblem(deep)).toEqual({ kind: 'depth' });
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_BODY_DEPTH - 1; i++) ok = { k: ok };
    expect(findBodyProblem(ok)).toBeNull();
  });
});
