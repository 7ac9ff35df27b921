import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { Page } from '../../../common/http/list-query';
import { ImpactReportEntity } from '../entities/impact-report.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

export type NewImpactReport = Pick<
  ImpactReportEntity,
  'title' | 'description' | 'periodType' | 'startDate' | 'endDate' | 'reportData' | 'shareToken' | 'isPublic' | 'createdBy'
>;

/** impact_reports. */
@Injectable()
export class ImpactReportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async page(skip: number, take: number, order: 'ASC' | 'DESC', ids?: number[]): Promise<Page<ImpactReportEntity>> {
    const [rows, total] = await this.db
      .getRepository(ImpactReportEntity)
      .findAndCount({ where: ids ? { id: In(ids) } : {}, order: { createdAt: order, id: order }, skip, take });
    return { rows, total };
  }

  insert(scope: DbScope, values: NewImpactReport): Promise<ImpactReportEntity> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(ImpactReportEntity);
    return repo.save(repo.create(values));
  }

  find(id: number): Promise<ImpactReportEntity | null> {
    return this.db.getRepository(ImpactReportEntity).findOne({ where: { id } });
  }

  /** A public report by its token (the view is counted apart, by countView). */
  findPublic(shareToken: string): Promise<ImpactReportEntity | null> {
    return this.db.getRepository(ImpactReportEntity).findOne({ where: { shareToken, isPublic: true } });
  }

  /**
   * Counts one view of a public report in one statement (concurrent views each add exactly one) and
   * answers the new count; null when the report is no longer public.
   */
  async countView(id: number): Promise<number | null> {
    const result = (await this.db
      .createQueryBuilder()
      .update(ImpactReportEntity)
      .set({ views: () => 'views + 1', updatedAt: () => 'updated_at' })
      .where('id = :id AND is_public', { id })
      .returning(['views'])
      .execute()) as { raw: Array<{ views: number }> };
    return result.raw[0]?.views ?? null;
  }

  async setPublic(scope: DbScope, id: number, isPublic: boolean): Promise<ImpactReportEntity | null> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(ImpactReportEntity);
    const result = await repo.update({ id }, { isPublic });
    if (!result.affected) return null;
    return repo.findOne({ where: { id } });
  }
}
