import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { StatusHistoryEntry } from '../../shared/api/requests';
import { RequestEntity } from './entities/request.entity';
import { RequestStatusHistoryEntity } from './entities/request-status-history.entity';

/** A request as a status change reads and writes it, in the caller's transaction, and its history. */
@Injectable()
export class RequestStatusRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The request, locked until the transaction ends (two changes of one request never cross). */
  lock(manager: EntityManager, id: number): Promise<RequestEntity | null> {
    return manager.getRepository(RequestEntity).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id }).getOne();
  }

  async save(manager: EntityManager, request: RequestEntity): Promise<void> {
    await manager.save(request);
  }

  /** Records one change in the caller's transaction (with the request's own write). */
  async recordHistory(
    manager: EntityManager,
    row: Omit<StatusHistoryEntry, 'id' | 'createdAt'> & { requestId: number; createdAt: Date },
  ): Promise<void> {
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
