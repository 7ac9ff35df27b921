import { describe, expect, it } from '@jest/globals';
import { dropPendingAction, keepPendingAction, readPendingActions, shownStep, type PendingAction } from './pending-actions';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const onTheWay = (requestId: number, token = 'tok'): PendingAction => ({ token, requestId, action: { kind: 'on-the-way' }, savedAt: 1 });
const collected: PendingAction = {
  token: 'tok',
  requestId: 7,
  action: { kind: 'collected', body: { weighedKg: 10, checks: { packed: true, temperature: true, beforeDeadline: true } } },
  savedAt: 2,
};

describe('the volunteer’s kept actions', () => {
  it('keeps them in order per link, one of each kind per pickup, and forgets them once answered', () => {
    const store = memory();
    keepPendingAction(onTheWay(7), store);
    keepPendingAction(onTheWay(9, 'other'), store);
    keepPendingAction(collected, store);
    keepPendingAction({ ...onTheWay(7), savedAt: 3 }, store);
    expect(readPendingActions('tok', store).map((p) => [p.requestId, p.action.kind])).toEqual([
      [7, 'collected'],
      [7, 'on-the-way'],
    ]);
    dropPendingAction('tok', 7, 'collected', store);
    dropPendingAction('tok', 7, 'on-the-way', store);
    expect(readPendingActions('tok', store)).toEqual([]);
    expect(readPendingActions('other', store)).toHaveLength(1);
    dropPendingAction('other', 9, 'on-the-way', store);
    expect(store.map.size).toBe(0);
  });

  it('reads nothing from a broken or foreign value', () => {
    const store = memory();
    store.setItem('charity:volunteer-actions:v1', '{not json');
    expect(readPendingActions('tok', store)).toEqual([]);
    store.setItem('charity:volunteer-actions:v1', JSON.stringify([{ token: 'tok', requestId: 1, action: { kind: 'rm -rf' } }]));
    expect(readPendingActions('tok', store)).toEqual([]);
    expect(readPendingActions('tok', null)).toEqual([]);
  });

  it('shows the step the kept actions lead to', () => {
    expect(shownStep('set_out', [])).toBe('set_out');
    expect(shownStep('set_out', [{ kind: 'on-the-way' }])).toBe('collect');
    expect(shownStep('collect', [{ kind: 'not-collected', body: { reason: 'no_surplus' } }])).toBe('waiting');
    expect(shownStep('done', [{ kind: 'on-the-way' }])).toBe('done');
  });
});
