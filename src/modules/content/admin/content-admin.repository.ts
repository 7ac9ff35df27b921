import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ImportantPlace } from '../../../shared/api/content-admin';
import { ContentSettingEntity, ContentType } from '../entities/content-setting.entity';
import { DropdownOptionEntity } from '../entities/dropdown-option.entity';

/** The stored `type` of each dropdown list in dropdown_options. */
export const LIST_TYPES = { eventTypes: 'eventType', foodTypes: 'foodType', importantPlaces: 'importantPlace' } as const;

/** Content settings and dropdown options as the administrators edit them. */
@Injectable()
export class ContentAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async contentKeyExists(key: string): Promise<boolean> {
    return (await this.db.getRepository(ContentSettingEntity).count({ where: { key } })) > 0;
  }

  async saveContent(key: string, value: string, type: ContentType): Promise<void> {
    await this.db.getRepository(ContentSettingEntity).update({ key }, { value, type });
  }

  /** Every option of one list type, active or not, in display order. */
  options(type: string, manager: EntityManager = this.db.manager): Promise<DropdownOptionEntity[]> {
    return manager.getRepository(DropdownOptionEntity).find({ where: { type }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  /**
   * Makes the active list of `type` exactly `entries` in this order: known labels keep their stable value,
   * new ones are inserted, missing ones are deactivated (old requests still show their label).
   */
  async replaceList(manager: EntityManager, type: string, entries: { value: string; label: string }[]): Promise<void> {
    const repo = manager.getRepository(DropdownOptionEntity);
    await repo.update({ type }, { isActive: false });
    for (const [index, entry] of entries.entries()) {
      await manager.query(
        `INSERT INTO dropdown_options (type, value, label, is_active, sort_order) VALUES ($1, $2, $3, true, $4)
         ON CONFLICT (type, value) DO UPDATE SET label = EXCLUDED.label, is_active = true, sort_order = EXCLUDED.sort_order, updated_at = now()`,
        [type, entry.value, entry.label, index + 1],
      );
    }
  }

  async places(): Promise<ImportantPlace[]> {
    const rows = await this.options(LIST_TYPES.importantPlaces);
    return rows.map((r) => ({ id: r.id, value: r.value, label: r.label, isActive: r.isActive, sortOrder: r.sortOrder }));
  }

  async place(id: number): Promise<DropdownOptionEntity | null> {
    return this.db.getRepository(DropdownOptionEntity).findOne({ where: { id, type: LIST_TYPES.importantPlaces } });
  }

  async placeValueTaken(value: string, exceptId?: number): Promise<boolean> {
    const row = await this.db.getRepository(DropdownOptionEntity).findOne({ where: { type: LIST_TYPES.importantPlaces, value } });
    return !!row && row.id !== exceptId;
  }

  async insertPlace(value: string, label: string): Promise<ImportantPlace> {
    const [{ next }] = await this.db.query(`SELECT coalesce(max(sort_order), 0) + 1 AS next FROM dropdown_options WHERE type = $1`, [
      LIST_TYPES.importantPlaces,
    ]);
    const row = await this.db
      .getRepository(DropdownOptionEntity)
      .save({ type: LIST_TYPES.importantPlaces, value, label, isActive: true, sortOrder: Number(next) });
    return { id: row.id, value: row.value, label: row.label, isActive: row.isActive, sortOrder: row.sortOrder };
  }

  async updatePlace(id: number, changes: { value: string; label: string; isActive: boolean }): Promise<void> {
    await this.db.getRepository(DropdownOptionEntity).update({ id, type: LIST_TYPES.importantPlaces }, changes);
  }

  async deletePlace(id: number): Promise<boolean> {
    const result = await this.db.getRepository(DropdownOptionEntity).delete({ id, type: LIST_TYPES.importantPlaces });
    return (result.affected ?? 0) > 0;
  }
}
