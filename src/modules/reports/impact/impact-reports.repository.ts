import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Page } from '../../../common/http/list-query';
import { ImpactReportEntity } from '../entities/impact-report.entity';

export type NewImpactReport = Pick<
  ImpactReportEntity,
  'title' | 'description' | 'periodType' | 'startDate' | 'endDate' | 'reportData' | 'shareToken' | 'isPublic' | 'createdBy'
>;

/** impact_reports. */
@Injectable()
export class ImpactReportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async page(skip: number, take: number, order: 'ASC' | 'DESC'): Promise<Page<ImpactReportEntity>> {
    const [rows, total] = await this.db
      .getRepository(ImpactReportEntity)
      .findAndCount({ order: { createdAt: order, id: order }, skip, take });
    return { rows, total };
  }

  insert(manager: EntityManager, values: NewImpactReport): Promise<ImpactReportEntity> {
    const repo = manager.getRepository(ImpactReportEntity);
    return repo.save(repo.create(values));
  }

  find(id: number): Promise<ImpactReportEntity | null> {
    return this.db.getRepository(ImpactReportEntity).findOne({ where: { id } });
  }

  /** A public report by its token, without counting a view (the PDF download). */
  findPublic(shareToken: string): Promise<ImpactReportEntity | null> {
    return this.db.getRepository(ImpactReportEntity).findOne({ where: { shareToken, isPublic: true } });
  }

  /**
   * Opens a public report and counts the view in one statement: concurrent opens each add exactly one,
   * and a private or unknown token changes nothing.
   */
  async openPublic(shareToken: string): Promise<ImpactReportEntity | null> {
    const result = (await this.db
      .createQueryBuilder()
      .update(ImpactReportEntity)
      .set({ views: () => 'views + 1', updatedAt: () => 'updated_at' })
      .where('share_token = :shareToken AND is_public', { shareToken })
      .returning('*')
      .execute()) as { raw: Record<string, unknown>[] };
    const raw = result.raw[0];
    if (!raw) return null;
    return this.db.getRepository(ImpactReportEntity).create({
      id: raw.id as number,
      title: raw.title as string,
      description: raw.description as string | null,
      periodType: raw.period_type as ImpactReportEntity['periodType'],
      startDate: toDateString(raw.start_date),
      endDate: toDateString(raw.end_date),
      reportData: raw.report_data as object,
      shareToken: raw.share_token as string,
      isPublic: raw.is_public as boolean,
      views: raw.views as number,
      createdAt: new Date(raw.created_at as string),
      updatedAt: new Date(raw.updated_at as string),
      createdBy: raw.created_by as string | null,
    });
  }

  async setPublic(manager: EntityManager, id: number, isPublic: boolean): Promise<ImpactReportEntity | null> {
    const repo = manager.getRepository(ImpactReportEntity);
    const result = await repo.update({ id }, { isPublic });
    if (!result.affected) return null;
    return repo.findOne({ where: { id } });
  }
}

function toDateString(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}
