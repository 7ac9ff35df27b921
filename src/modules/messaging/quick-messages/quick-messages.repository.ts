import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { QuickMessageEntity } from '../entities/quick-message.entity';

/** quick_messages as the public form writes them. */
@Injectable()
export class QuickMessagesRepository {
  /** Inserts in the caller's transaction; answers the new id. */
  async insert(manager: EntityManager, row: Partial<QuickMessageEntity>): Promise<number> {
    const inserted = await manager.insert(QuickMessageEntity, row);
    return Number((inserted.identifiers[0] as { id: number }).id);
  }
}
