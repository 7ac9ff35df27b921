import type { StatusHistoryEntry } from '@shared/api/requests';

/** Who made a status change, as the desk names them: the administrator's name, «صاحب الطلب» or «النظام». */
export function historyActor(entry: Pick<StatusHistoryEntry, 'actorType' | 'actorUsername'>): string {
  if (entry.actorType === 'host') return 'صاحب الطلب';
  if (entry.actorType === 'admin') return entry.actorUsername ?? 'مسؤول';
  return 'النظام';
}

/** Newest first, as the desk reads a log (the server answers oldest first). */
export function newestFirst<T extends { createdAt: string; id: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}
