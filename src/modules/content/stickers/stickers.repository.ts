import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { Page } from '../../../common/http/list-query';
import { StickerImageEntity } from '../entities/sticker-image.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

export type NewSticker = Pick<
  StickerImageEntity,
  'name' | 'filename' | 'objectPath' | 'fileSize' | 'mimeType' | 'width' | 'height' | 'description' | 'uploadedBy' | 'sortOrder'
>;

/** sticker_images. */
@Injectable()
export class StickersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A page in display order (IDX_sticker_images_order); `ids` narrows it (react-admin's getMany). */
  async page(skip: number, take: number, order: 'ASC' | 'DESC', ids?: number[]): Promise<Page<StickerImageEntity>> {
    const [rows, total] = await this.db
      .getRepository(StickerImageEntity)
      .findAndCount({ where: ids ? { id: In(ids) } : {}, order: { sortOrder: order, id: order }, skip, take });
    return { rows, total };
  }

  find(id: number): Promise<StickerImageEntity | null> {
    return this.db.getRepository(StickerImageEntity).findOne({ where: { id } });
  }

  async pathTaken(objectPath: string): Promise<boolean> {
    return (await this.db.getRepository(StickerImageEntity).count({ where: { objectPath } })) > 0;
  }

  /** The next sort order: new stickers go last. */
  async nextSortOrder(): Promise<number> {
    const row = await this.db
      .getRepository(StickerImageEntity)
      .createQueryBuilder('s')
      .select('COALESCE(MAX(s.sortOrder), -1) + 1', 'next')
      .getRawOne<{ next: number }>();
    return Number(row?.next ?? 0);
  }

  insert(scope: DbScope, sticker: NewSticker): Promise<StickerImageEntity> {
    const manager = managerOf(scope);
    return manager.getRepository(StickerImageEntity).save({ ...sticker, isActive: true });
  }

  async update(
    scope: DbScope,
    id: number,
    changes: Partial<Pick<StickerImageEntity, 'description' | 'sortOrder' | 'isActive'>>,
  ): Promise<StickerImageEntity | null> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(StickerImageEntity);
    // An edit that changes nothing (react-admin saves an untouched form too) only reads the row.
    if (!Object.keys(changes).length) return repo.findOne({ where: { id } });
    const result = await repo.update({ id }, changes);
    if (!result.affected) return null;
    return repo.findOneOrFail({ where: { id } });
  }

  /** Deletes and answers the removed row (its file goes after the commit). */
  async delete(scope: DbScope, id: number): Promise<StickerImageEntity | null> {
    const manager = managerOf(scope);
    const row = await manager.getRepository(StickerImageEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) return null;
    await manager.getRepository(StickerImageEntity).delete({ id });
    return row;
  }
}
