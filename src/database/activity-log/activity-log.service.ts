import { Injectable } from '@nestjs/common';
import type { ListQuery, Page } from '../../common/http/list-query';
import { currentRequest } from '../../common/http/request-context';
import type { ActivityLogRow } from '../../shared/api/reports';
import { ActivityFilterField, ActivityLogsRepository, ActivitySortField } from './activity-logs.repository';
import type { DbScope } from '../db-scope';

export interface ActivityEntry {
  action: string;
  entityType?: string;
  entityId?: string | number;
  metadata?: Record<string, unknown>;
  userId?: number | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** Writes activity_logs rows inside the caller's transaction, so the log and the change agree. */
@Injectable()
export class ActivityLogService {
  constructor(private readonly logs: ActivityLogsRepository) {}

  /** A row on its own (no caller transaction): the audit of a call that has already succeeded. */
  recordNow(entry: ActivityEntry): Promise<void> {
    return this.record(this.logs.pool, entry);
  }

  /** GET /api/activity-logs. */
  list(query: ListQuery<ActivitySortField, ActivityFilterField>): Promise<Page<ActivityLogRow>> {
    return this.logs.page(query);
  }

  /** Who, from where and with what browser default to the current call's (request-context.ts). */
  async record(manager: DbScope, entry: ActivityEntry): Promise<void> {
    const context = currentRequest();
    await this.logs.insert(manager, {
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId === undefined ? null : String(entry.entityId).slice(0, 64),
      metadata: entry.metadata ?? null,
      userId: entry.userId ?? context?.userId ?? null,
      ipAddress: (entry.ipAddress ?? context?.ip)?.slice(0, 64) || null,
      userAgent: (entry.userAgent ?? context?.userAgent)?.slice(0, 500) || null,
    });
    if (context) context.activityRecorded = true;
  }
}
