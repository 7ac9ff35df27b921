import { Injectable } from '@nestjs/common';
import { ACTIVE_STATUSES } from '../../shared/labels';
import type { ActiveRequestLookup } from '../messaging/quick-messages/active-request-lookup';
import { managerOf, type DbScope } from '../../database/db-scope';

/** The requests module's answer to messaging's lookup (a quick message is linked to a request). */
@Injectable()
export class ActiveRequestsRepository implements ActiveRequestLookup {
  async latestActiveId(scope: DbScope, organizerPhone: string): Promise<number | null> {
    const manager = managerOf(scope);
    // The phone's active rows first (OFFSET 0 keeps the planner from walking the creation-date index
    // backwards in search of them, a plan it may choose when it knows nothing of the table), then the latest.
    const [linked] = (await manager.query(
      `SELECT id FROM (SELECT id, created_at FROM requests WHERE organizer_phone = $1 AND status = ANY($2) OFFSET 0) mine
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [organizerPhone, ACTIVE_STATUSES],
    )) as { id: number }[];
    return linked ? Number(linked.id) : null;
  }

  async exists(scope: DbScope, requestId: number): Promise<boolean> {
    const manager = managerOf(scope);
    const rows = (await manager.query(`SELECT id FROM requests WHERE id = $1 FOR KEY SHARE`, [requestId])) as unknown[];
    return rows.length > 0;
  }
}
