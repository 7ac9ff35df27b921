import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RequestEntity } from './entities/request.entity';

/** A request as a status change reads and writes it, in the caller's transaction. */
@Injectable()
export class RequestStatusRepository {
  /** The request, locked until the transaction ends (two changes of one request never cross). */
  lock(manager: EntityManager, id: number): Promise<RequestEntity | null> {
    return manager.getRepository(RequestEntity).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id }).getOne();
  }

  async save(manager: EntityManager, request: RequestEntity): Promise<void> {
    await manager.save(request);
  }
}
