import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../../common/http/list-query';
import { EmergencyAccessCodeEntity } from '../entities/emergency-access-code.entity';

export const EMERGENCY_CODE_SORTABLE = ['createdAt', 'id'] as const;
export const EMERGENCY_CODE_FILTERABLE = ['isActive'] as const;
export type EmergencyCodeSortField = (typeof EMERGENCY_CODE_SORTABLE)[number];
export type EmergencyCodeFilterField = (typeof EMERGENCY_CODE_FILTERABLE)[number];

/** emergency_access_codes. */
@Injectable()
export class EmergencyCodesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get codes() {
    return this.db.getRepository(EmergencyAccessCodeEntity);
  }

  /** One page of codes, newest first by default (served by IDX_emergency_access_codes_created_at). */
  async list(
    query: Pick<ListQuery<EmergencyCodeSortField, EmergencyCodeFilterField>, 'sort' | 'skip' | 'take'>,
    where: { isActive?: boolean },
  ): Promise<Page<EmergencyAccessCodeEntity>> {
    const order = query.sort.field === 'createdAt' ? { createdAt: query.sort.order, id: query.sort.order } : { id: query.sort.order };
    const [rows, total] = await this.codes.findAndCount({
      where: where.isActive === undefined ? {} : { isActive: where.isActive },
      order,
      skip: query.skip,
      take: query.take,
    });
    return { rows, total };
  }

  existsByHash(hashedCode: string): Promise<boolean> {
    return this.codes.exists({ where: { masterCode: hashedCode } });
  }

  findByHash(hashedCode: string): Promise<EmergencyAccessCodeEntity | null> {
    return this.codes.findOne({ where: { masterCode: hashedCode } });
  }

  find(id: number): Promise<EmergencyAccessCodeEntity | null> {
    return this.codes.findOne({ where: { id } });
  }

  insert(values: Partial<EmergencyAccessCodeEntity>): Promise<EmergencyAccessCodeEntity> {
    return this.codes.save(this.codes.create(values));
  }

  save(row: EmergencyAccessCodeEntity): Promise<EmergencyAccessCodeEntity> {
    return this.codes.save(row);
  }

  async delete(id: number): Promise<boolean> {
    return !!(await this.codes.delete({ id })).affected;
  }

  /** Counts a use of the code and records who opened the session, from where. */
  async recordUse(manager: EntityManager, id: number, at: Date, by: string, ip: string): Promise<void> {
    await manager.increment(EmergencyAccessCodeEntity, { id }, 'usageCount', 1);
    await manager.update(EmergencyAccessCodeEntity, { id }, { lastUsedAt: at, lastUsedBy: by, lastUsedIp: ip.slice(0, 64) });
  }

  /**
   * Counts a wrong answer and disables the code at `max`, in one conditional statement: concurrent
   * wrong answers count once each, and only one of them reaches `max`. Returns the new count.
   */
  async countFailure(manager: EntityManager, id: number, max: number): Promise<number | undefined> {
    const [counted] = (await manager.query(
      `UPDATE emergency_access_codes SET failed_attempts = failed_attempts + 1,
              is_active = CASE WHEN failed_attempts + 1 >= $2 THEN false ELSE is_active END, updated_at = now()
        WHERE id = $1 RETURNING failed_attempts`,
      [id, max],
    )) as [{ failed_attempts: number }[], number];
    return counted[0]?.failed_attempts;
  }
}
