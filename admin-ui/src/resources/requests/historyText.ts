import type { StatusHistoryEntry } from '@shared/api/requests';
import { i18nProvider } from '../../providers/i18nProvider';

const t = i18nProvider.translate;

/** Who made a status change, as the desk names them: the administrator's name, the host or the system. */
export function historyActor(entry: Pick<StatusHistoryEntry, 'actorType' | 'actorUsername'>): string {
  if (entry.actorType === 'host') return t('app.desk.history.actor_host');
  if (entry.actorType === 'admin') return entry.actorUsername ?? t('app.desk.history.actor_admin');
  return t('app.desk.history.actor_system');
}

/** Newest first, as the desk reads a log (the server answers oldest first). */
export function newestFirst<T extends { createdAt: string; id: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}
