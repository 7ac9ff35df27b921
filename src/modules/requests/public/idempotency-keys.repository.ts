import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../../database/prepared';
import { managerOf, type DbScope } from '../../../database/db-scope';

// A key is new, or its row is past its life (then it is taken over). While another call holding the same
// key has not committed, PostgreSQL makes this wait for it: concurrent repeats are judged one after another.
const CLAIM = `INSERT INTO request_idempotency_keys (key_hash, body_hash, created_at) VALUES ($1, $2, $3)
  ON CONFLICT (key_hash) DO UPDATE
     SET body_hash = EXCLUDED.body_hash, created_at = EXCLUDED.created_at, request_id = NULL, status_code = NULL, response = NULL
   WHERE request_idempotency_keys.created_at <= $4
  RETURNING key_hash`;

const COMPLETE = `UPDATE request_idempotency_keys SET request_id = $2, status_code = $3, response = $4 WHERE key_hash = $1`;

export interface StoredKey {
  bodyHash: string;
  statusCode: number | null;
  response: unknown;
}

/** request_idempotency_keys: the public form's keys, hashed, for 24 hours. */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** True when this call holds the key now (new, or taken over after expiry); false when a live row has it. */
  async claim(scope: DbScope, keyHash: string, bodyHash: string, now: Date, expiredAtOrBefore: Date): Promise<boolean> {
    const manager = managerOf(scope);
    const rows = await preparedQuery(manager, CLAIM, [keyHash, bodyHash, now, expiredAtOrBefore]);
    return rows.length > 0;
  }

  async complete(scope: DbScope, keyHash: string, requestId: number, statusCode: number, response: object): Promise<void> {
    const manager = managerOf(scope);
    await preparedQuery(manager, COMPLETE, [keyHash, requestId, statusCode, JSON.stringify(response)]);
  }

  /** The live row of a key (created after `liveAfter`), if any. */
  async find(onScope: DbScope | null, keyHash: string, liveAfter: Date): Promise<StoredKey | null> {
    const on = onScope && managerOf(onScope);
    const [row] = (await (on ?? this.db.manager).query(
      `SELECT body_hash AS "bodyHash", status_code AS "statusCode", response FROM request_idempotency_keys
        WHERE key_hash = $1 AND created_at > $2`,
      [keyHash, liveAfter],
    )) as StoredKey[];
    return row ?? null;
  }

  /** Removes the keys past their life; answers how many. */
  async purge(expiredAtOrBefore: Date): Promise<number> {
    const result = (await this.db.query(`DELETE FROM request_idempotency_keys WHERE created_at <= $1`, [expiredAtOrBefore])) as [
      unknown[],
      number,
    ];
    return result[1] ?? 0;
  }
}
