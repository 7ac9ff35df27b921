import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { StatusHistoryEntry } from '../../shared/api/requests';
import { RequestEntity } from './entities/request.entity';
import { RequestStatusHistoryEntity } from './entities/request-status-history.entity';
import { managerOf, type DbScope } from '../../database/db-scope';

/** A request as a status change reads and writes it, in the caller's transaction, and its history. */
@Injectable()
export class RequestStatusRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The request, locked until the transaction ends (two changes of one request never cross). */
  lock(scope: DbScope, id: number): Promise<RequestEntity | null> {
    const manager = managerOf(scope);
    return manager.getRepository(RequestEntity).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id }).getOne();
  }

  async save(scope: DbScope, request: RequestEntity): Promise<void> {
    const manager = managerOf(scope);
    await manager.save(request);
  }

  /** Records one change in the caller's transaction (with the request's own write). */
  async recordHistory(
    scope: DbScope,
    row: Omit<StatusHistoryEntry, 'id' | 'createdAt'> & { requestId: number; createdAt: Date },
  ): Promise<void> {
    const manager = managerOf(scope);
    await manager.insert(RequestStatusHistoryEntity, row);
  }

  /** A request's changes, oldest first (served by IDX_request_status_history_request). */
  async history(requestId: number): Promise<StatusHistoryEntry[]> {
    const rows = await this.dataSource
      .getRepository(RequestStatusHistoryEntity)
      .find({ where: { requestId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((r) => ({
      id: r.id,
      fromStatus: r.fromStatus,
      toStatus: r.toStatus,
      actorType: r.actorType,
      actorUsername: r.actorUsername,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
