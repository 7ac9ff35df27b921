import { Injectable } from '@nestjs/common';
import { managerOf, type DbScope } from '../../../database/db-scope';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ContentSettingEntity } from '../entities/content-setting.entity';
import { DropdownOptionEntity } from '../entities/dropdown-option.entity';

/** content_settings and dropdown_options as the public site reads them. */
@Injectable()
export class PublicContentRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every key and value, by key. */
  contentItems(): Promise<Pick<ContentSettingEntity, 'key' | 'value'>[]> {
    return this.db.getRepository(ContentSettingEntity).find({ select: { key: true, value: true }, order: { key: 'ASC' } });
  }

  /** The label of one option, active or not (a removed option still names the requests that chose it). */
  /** `scope`: the caller's transaction, so a change holding a row lock needs no second connection from the pool. */
  async optionLabel(type: string, value: string, scope?: DbScope): Promise<string | null> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    const row = await manager.getRepository(DropdownOptionEntity).findOne({ select: { label: true }, where: { type, value } });
    return row?.label ?? null;
  }

  /** Active options of every list, in display order. */
  activeOptions(): Promise<Pick<DropdownOptionEntity, 'type' | 'value' | 'label' | 'group'>[]> {
    return this.db.getRepository(DropdownOptionEntity).find({
      select: { type: true, value: true, label: true, group: true },
      where: { isActive: true },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
  }
}
