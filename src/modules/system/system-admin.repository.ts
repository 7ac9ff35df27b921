import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SystemSettingEntity } from './entities/system-setting.entity';
import { managerOf, type DbScope } from '../../database/db-scope';

/** system_settings as the dashboard's switches change them: read under a row lock, then written. */
@Injectable()
export class SystemAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A setting's value, locked until the transaction ends (two toggles never cross). */
  async lockedValue(mScope: DbScope, key: string): Promise<string | null> {
    const m = managerOf(mScope);
    const row = await m.getRepository(SystemSettingEntity).findOne({ where: { key }, lock: { mode: 'pessimistic_write' } });
    return row?.value ?? null;
  }

  async write(mScope: DbScope, key: string, value: string, by: string, at: Date): Promise<void> {
    const m = managerOf(mScope);
    const repo = m.getRepository(SystemSettingEntity);
    const result = await repo.update({ key }, { value, updatedBy: by, updatedAt: at });
    if (!result.affected) await repo.insert({ key, value, updatedBy: by, updatedAt: at });
  }
}
