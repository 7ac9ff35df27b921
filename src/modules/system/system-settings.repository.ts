import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { SystemSettingEntity } from './entities/system-setting.entity';
import { managerOf, type DbScope } from '../../database/db-scope';

/** system_settings as the rest of the code reads and writes them (values are text). */
@Injectable()
export class SystemSettingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  find(key: string): Promise<SystemSettingEntity | null> {
    return this.db.getRepository(SystemSettingEntity).findOne({ where: { key } });
  }

  /** The rows of these keys (missing keys have none). */
  findMany(keys: string[]): Promise<SystemSettingEntity[]> {
    return this.db.getRepository(SystemSettingEntity).find({ where: { key: In(keys) } });
  }

  all(): Promise<SystemSettingEntity[]> {
    return this.db.getRepository(SystemSettingEntity).find({ order: { key: 'ASC' } });
  }

  /** Inserts or replaces by key, in the caller's transaction when there is one. */
  async upsert(row: Pick<SystemSettingEntity, 'key' | 'value' | 'updatedBy'> & { description?: string }, scope?: DbScope): Promise<void> {
    const manager = scope && managerOf(scope);
    await (manager ?? this.db.manager).getRepository(SystemSettingEntity).upsert(row, ['key']);
  }
}
