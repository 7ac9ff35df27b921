import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { QuickMessageEntity } from '../entities/quick-message.entity';

/** quick_messages as the administrators' screen reads and changes them. */
@Injectable()
export class QuickMessagesAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Newest first. */
  all(): Promise<QuickMessageEntity[]> {
    return this.db.getRepository(QuickMessageEntity).find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** One message, locked for the caller's transaction. */
  lock(manager: EntityManager, id: number): Promise<QuickMessageEntity | null> {
    return manager.getRepository(QuickMessageEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async update(manager: EntityManager, id: number, changes: Partial<QuickMessageEntity>): Promise<void> {
    await manager.update(QuickMessageEntity, { id }, changes);
  }

  /** Deletes these messages; answers how many there were. */
  async remove(ids: number[]): Promise<number> {
    return (await this.db.getRepository(QuickMessageEntity).delete({ id: In(ids) })).affected ?? 0;
  }
}
