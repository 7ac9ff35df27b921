import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/list-query';
import { FastInsert } from '../../database/fast-insert';
import type { ActivityLogRow } from '../../shared/api/reports';
import { ActivityFilterField, ActivityLogsRepository, ActivitySortField } from './activity/activity-logs.repository';
import { ActivityLogEntity } from './entities/activity-log.entity';

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
  private readonly insert = new FastInsert(ActivityLogEntity, []);

  constructor(private readonly logs: ActivityLogsRepository) {}

  /** GET /api/activity-logs. */
  list(query: ListQuery<ActivitySortField, ActivityFilterField>): Promise<Page<ActivityLogRow>> {
    return this.logs.page(query);
  }

  async record(manager: EntityManager, entry: ActivityEntry): Promise<void> {
    await this.insert.run(manager, {
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId === undefined ? null : String(entry.entityId),
      metadata: entry.metadata ?? null,
      userId: entry.userId ?? null,
      ipAddress: entry.ipAddress?.slice(0, 64) || null,
      userAgent: entry.userAgent?.slice(0, 500) || null,
    });
  }
}
