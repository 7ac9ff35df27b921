import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface HeartbeatRow {
  workerId: string;
  startedAt: Date;
  ageSeconds: number;
}

/** worker_heartbeats: one row per running worker process, stamped with the database's clock. */
@Injectable()
export class WorkerHeartbeatRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async beat(workerId: string, startedAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO worker_heartbeats (worker_id, started_at, beat_at) VALUES ($1, $2, now())
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = now(), started_at = EXCLUDED.started_at`,
      [workerId, startedAt],
    );
  }

  async remove(workerId: string): Promise<void> {
    await this.db.query(`DELETE FROM worker_heartbeats WHERE worker_id = $1`, [workerId]);
  }

  /** Workers seen in the last hour, freshest first (older rows are gone processes, dropped here). */
  async recent(): Promise<HeartbeatRow[]> {
    await this.db.query(`DELETE FROM worker_heartbeats WHERE beat_at < now() - interval '1 hour'`);
    const rows: { workerId: string; startedAt: Date; ageSeconds: string }[] = await this.db.query(
      `SELECT worker_id AS "workerId", started_at AS "startedAt", EXTRACT(EPOCH FROM now() - beat_at) AS "ageSeconds"
         FROM worker_heartbeats ORDER BY beat_at DESC`,
    );
    return rows.map((r) => ({ ...r, ageSeconds: Math.max(0, Number(r.ageSeconds)) }));
  }
}
