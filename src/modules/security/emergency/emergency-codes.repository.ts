import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { ListQuery, Page } from '../../../common/http/list-query';
import { EmergencyAccessCodeEntity } from '../entities/emergency-access-code.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

export const EMERGENCY_CODE_SORTABLE = ['createdAt', 'id'] as const;
export const EMERGENCY_CODE_FILTERABLE = ['isActive', 'id'] as const;
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
    where: { isActive?: boolean; ids?: number[] },
  ): Promise<Page<EmergencyAccessCodeEntity>> {
    const order = query.sort.field === 'createdAt' ? { createdAt: query.sort.order, id: query.sort.order } : { id: query.sort.order };
    const [rows, total] = await this.codes.findAndCount({
      where: { ...(where.isActive === undefined ? {} : { isActive: where.isActive }), ...(where.ids ? { id: In(where.ids) } : {}) },
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

  /**
   * Counts a try against the code before its answer is checked, in one statement: false when the code
   * is no longer active, has expired, or already holds `max` tries, so a burst checks at most `max`
   * answers. A right answer gives its try back when it uses the code (`claimUse`).
   */
  async reserveTry(id: number, now: Date, max: number): Promise<boolean> {
    const [rows] = (await this.db.query(
      `UPDATE emergency_access_codes SET failed_attempts = failed_attempts + 1, updated_at = now()
        WHERE id = $1 AND is_active AND (expires_at IS NULL OR expires_at > $2) AND failed_attempts < $3
       RETURNING id`,
      [id, now, max],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /**
   * Uses the code for a right answer, only if it is still active and unexpired (a code disabled while
   * the answer was being checked opens nothing): gives the try back, counts the use and records who
   * opened the session, from where. The row stays locked until the caller's transaction ends, so
   * callers make this their transaction's last statement.
   */
  async claimUse(scope: DbScope, id: number, at: Date, by: string, ip: string): Promise<boolean> {
    const manager = managerOf(scope);
    const [rows] = (await manager.query(
      `UPDATE emergency_access_codes
          SET failed_attempts = greatest(failed_attempts - 1, 0), usage_count = usage_count + 1,
              last_used_at = $2, last_used_by = $3, last_used_ip = $4, updated_at = now()
        WHERE id = $1 AND is_active AND (expires_at IS NULL OR expires_at > $2)
       RETURNING id`,
      [id, at, by, ip.slice(0, 64)],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** After a wrong answer: disables the code once it holds `max` tries. True for the one call that did. */
  async disableAtLimit(id: number, max: number): Promise<boolean> {
    const [rows] = (await this.db.query(
      `UPDATE emergency_access_codes SET is_active = false, updated_at = now()
        WHERE id = $1 AND is_active AND failed_attempts >= $2
       RETURNING id`,
      [id, max],
    )) as [unknown[], number];
    return rows.length > 0;
  }
}
