import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { Page } from '../../../common/http/list-query';
import { GovernanceCardEntity } from '../entities/governance-card.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

export type GovernanceChanges = Partial<
  Pick<
    GovernanceCardEntity,
    'title' | 'description' | 'content' | 'fileUrl' | 'fileName' | 'fileType' | 'fileSize' | 'displayOrder' | 'isActive'
  >
>;

/** governance_cards. `file_url` holds the storage path of the document; it is never shown as such. */
@Injectable()
export class GovernanceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Display order, then newest first. */
  list(activeOnly: boolean): Promise<GovernanceCardEntity[]> {
    return this.db.getRepository(GovernanceCardEntity).find({
      where: activeOnly ? { isActive: true } : {},
      order: { displayOrder: 'ASC', createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * The admin's page: display order (either way), then newest first (IDX_governance_cards_order);
   * `ids` narrows it (react-admin's getMany).
   */
  async page(skip: number, take: number, order: 'ASC' | 'DESC', ids?: number[]): Promise<Page<GovernanceCardEntity>> {
    const [rows, total] = await this.db.getRepository(GovernanceCardEntity).findAndCount({
      where: ids ? { id: In(ids) } : {},
      order: { displayOrder: order, createdAt: 'DESC', id: 'DESC' },
      skip,
      take,
    });
    return { rows, total };
  }

  find(id: number, scope?: DbScope): Promise<GovernanceCardEntity | null> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    return manager.getRepository(GovernanceCardEntity).findOne({ where: { id } });
  }

  async pathTaken(path: string): Promise<boolean> {
    return (await this.db.getRepository(GovernanceCardEntity).count({ where: { fileUrl: path } })) > 0;
  }

  insert(scope: DbScope, card: GovernanceChanges & { title: string }): Promise<GovernanceCardEntity> {
    const manager = managerOf(scope);
    return manager.getRepository(GovernanceCardEntity).save(card);
  }

  /** Updates under a row lock and answers the row before and after (an old file goes after the commit). */
  async update(
    scope: DbScope,
    id: number,
    changes: GovernanceChanges,
  ): Promise<{ before: GovernanceCardEntity; after: GovernanceCardEntity } | null> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(GovernanceCardEntity);
    const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!before) return null;
    if (Object.keys(changes).length) await repo.update({ id }, changes);
    return { before, after: await repo.findOneOrFail({ where: { id } }) };
  }

  async delete(scope: DbScope, id: number): Promise<GovernanceCardEntity | null> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(GovernanceCardEntity);
    const row = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) return null;
    await repo.delete({ id });
    return row;
  }
}
