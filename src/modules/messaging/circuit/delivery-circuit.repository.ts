import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rowsOf } from '../../../database/query-rows';

export type CircuitState = 'closed' | 'open' | 'probing';

export interface CircuitRow {
  state: CircuitState;
  consecutiveFailures: number;
  openedAt: Date | null;
  retryAt: Date | null;
  cooldownMs: number;
  probeBy: string | null;
  lastError: string | null;
}

const COLUMNS = `state, consecutive_failures AS "consecutiveFailures", opened_at AS "openedAt", retry_at AS "retryAt",
  cooldown_ms AS "cooldownMs", probe_by AS "probeBy", last_error AS "lastError"`;

/**
 * The provider circuit, one row shared by every worker process. Every transition is one conditional
 * UPDATE, so two workers never both open it (one alert) or both probe.
 */
@Injectable()
export class DeliveryCircuitRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async read(): Promise<CircuitRow> {
    const rows: CircuitRow[] = await this.db.query(`SELECT ${COLUMNS} FROM delivery_circuit WHERE id = 1`);
    // The migration inserts the row; a restored database without it counts as closed.
    return (
      rows[0] ?? { state: 'closed', consecutiveFailures: 0, openedAt: null, retryAt: null, cooldownMs: 0, probeBy: null, lastError: null }
    );
  }

  /** Takes the probe when the pause is over (or the last prober vanished): true for exactly one caller. */
  async takeProbe(workerId: string, now: Date, probeDeadline: Date): Promise<boolean> {
    const rows = rowsOf(
      await this.db.query(
        `UPDATE delivery_circuit SET state = 'probing', probe_by = $1, retry_at = $3, updated_at = now()
          WHERE id = 1 AND state IN ('open', 'probing') AND retry_at <= $2 RETURNING id`,
        [workerId, now, probeDeadline],
      ),
    );
    return rows.length > 0;
  }

  /**
   * Counts a provider fault. Opens the circuit when this one reaches the threshold while closed, or
   * reopens it with a doubled pause when it was this worker's probe. Answers whether this call opened
   * it from closed (the start of an outage: the one alert).
   */
  async recordFault(input: {
    workerId: string;
    now: Date;
    threshold: number;
    baseCooldownMs: number;
    maxCooldownMs: number;
    error: string;
  }): Promise<{ opened: boolean; row: CircuitRow }> {
    const result = await this.db.query(
      `WITH old AS (SELECT state, consecutive_failures, cooldown_ms, probe_by FROM delivery_circuit WHERE id = 1 FOR UPDATE),
       next AS (
         SELECT CASE
                  WHEN old.state = 'closed' AND old.consecutive_failures + 1 >= $3 THEN 'open_new'
                  WHEN old.state = 'probing' AND old.probe_by = $1 THEN 'reopen'
                  ELSE 'count' END AS step,
                old.* FROM old)
       UPDATE delivery_circuit c SET
         consecutive_failures = c.consecutive_failures + 1,
         last_error = $6,
         state = CASE WHEN next.step = 'count' THEN c.state ELSE 'open' END,
         opened_at = CASE WHEN next.step = 'open_new' THEN $2 ELSE c.opened_at END,
         cooldown_ms = CASE WHEN next.step = 'open_new' THEN $4
                            WHEN next.step = 'reopen' THEN LEAST(GREATEST(c.cooldown_ms, $4) * 2, $5)
                            ELSE c.cooldown_ms END,
         retry_at = CASE WHEN next.step = 'open_new' THEN $2::timestamptz + make_interval(secs => $4 / 1000.0)
                         WHEN next.step = 'reopen' THEN $2::timestamptz + make_interval(secs => LEAST(GREATEST(c.cooldown_ms, $4) * 2, $5) / 1000.0)
                         ELSE c.retry_at END,
         probe_by = CASE WHEN next.step = 'count' THEN c.probe_by ELSE NULL END,
         updated_at = now()
       FROM next WHERE c.id = 1
       RETURNING next.step AS step, c.state, c.consecutive_failures AS "consecutiveFailures", c.opened_at AS "openedAt",
                 c.retry_at AS "retryAt", c.cooldown_ms AS "cooldownMs", c.probe_by AS "probeBy", c.last_error AS "lastError"`,
      [input.workerId, input.now, input.threshold, input.baseCooldownMs, input.maxCooldownMs, input.error.slice(0, 500)],
    );
    const [row] = rowsOf<CircuitRow & { step: string }>(result);
    if (!row) return { opened: false, row: await this.read() };
    const { step, ...rest } = row;
    return { opened: step === 'open_new', row: rest };
  }

  /** A send went through: closes the circuit. Answers when the outage began if this call ended one. */
  async recordSuccess(): Promise<{ closedOutageSince: Date | null }> {
    const result = await this.db.query(
      `WITH old AS (SELECT state, opened_at FROM delivery_circuit WHERE id = 1 FOR UPDATE)
       UPDATE delivery_circuit c SET state = 'closed', consecutive_failures = 0, probe_by = NULL, retry_at = NULL,
              cooldown_ms = 0, opened_at = NULL, updated_at = now()
         FROM old WHERE c.id = 1 AND (old.state <> 'closed' OR c.consecutive_failures > 0)
       RETURNING old.state AS "wasState", old.opened_at AS "openedAt"`,
    );
    const [row] = rowsOf<{ wasState: CircuitState; openedAt: Date | null }>(result);
    return { closedOutageSince: row && row.wasState !== 'closed' ? (row.openedAt ?? new Date()) : null };
  }
}
