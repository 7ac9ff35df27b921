import { Injectable } from '@nestjs/common';
import { QuickMessageEntity } from '../entities/quick-message.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** quick_messages as the public form writes them. */
@Injectable()
export class QuickMessagesRepository {
  /** Inserts in the caller's transaction; answers the new id. */
  async insert(scope: DbScope, row: Partial<QuickMessageEntity>): Promise<number> {
    const manager = managerOf(scope);
    const inserted = await manager.insert(QuickMessageEntity, row);
    return Number((inserted.identifiers[0] as { id: number }).id);
  }
}
