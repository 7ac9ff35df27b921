import { describe, expect, it } from '@jest/globals';
import { historyActor, newestFirst } from './historyText';

describe('a status change as the desk shows it', () => {
  it('names the administrator, the host as «صاحب الطلب», and the system', () => {
    expect(historyActor({ actorType: 'admin', actorUsername: 'sara' })).toBe('sara');
    expect(historyActor({ actorType: 'host', actorUsername: null })).toBe('صاحب الطلب');
    expect(historyActor({ actorType: 'system', actorUsername: null })).toBe('النظام');
  });

  it('lists the newest change first', () => {
    const rows = [
      { id: 1, createdAt: '2026-05-01T07:00:00.000Z' },
      { id: 3, createdAt: '2026-05-01T08:00:00.000Z' },
      { id: 2, createdAt: '2026-05-01T08:00:00.000Z' },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual([3, 2, 1]);
  });
});
