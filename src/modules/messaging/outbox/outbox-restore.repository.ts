/** Anything that runs SQL with positional parameters (a pg client, a pool). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Run once on a database just restored from a backup, before any worker sees it. Every message still
 * waiting (queued) or in flight (sending) gets a new random idempotency key: BullMQ job ids are
 * `<key>.<claims>`, and the Redis the restored app uses may still hold jobs of the database the backup
 * came from under the old keys (waiting, or delayed for hours by a retry or the daily cap) — adding the
 * restored message's job under the same id would then be a silent no-op and the message would wait for
 * the stale job. With new keys the stale jobs find no row of theirs and are dropped, and the sweeper
 * queues every waiting message afresh: sent once. Messages that were sent stay sent (their rows are
 * final and never claimed again); a claim in flight at backup time is taken back when its lease has
 * run out, after the provider's list is checked for it (ReconcileService).
 */
export async function rekeyOpenAttempts(db: Queryable): Promise<number> {
  const { rows } = await db.query(
    `WITH changed AS (
       UPDATE assurance_attempts SET idempotency_key = replace(gen_random_uuid()::text, '-', ''), updated_at = now()
        WHERE status IN ('queued', 'sending') RETURNING attempt_id
     ), logged AS (
       INSERT INTO assurance_events (type, payload)
       SELECT 'outbox_rekeyed_after_restore', jsonb_build_object('attempts', count(*)) FROM changed HAVING count(*) > 0
     )
     SELECT count(*)::int AS n FROM changed`,
  );
  return (rows[0] as { n: number }).n;
}
