import { DataSource, EntityManager } from 'typeorm';
import { OutboxService } from '../../messaging/outbox/outbox.service';

/**
 * Runs `work` in one transaction; message attempts it queued (pushed to `outbox`) are published after
 * the commit, so the worker never sees an attempt that rolled back.
 */
export async function inTransaction<T>(
  db: DataSource,
  outbox: OutboxService,
  work: (manager: EntityManager, queued: number[]) => Promise<T>,
): Promise<T> {
  const queued: number[] = [];
  const result = await db.transaction((manager) => work(manager, queued));
  if (queued.length) await outbox.publishIds(db.manager, queued);
  return result;
}
