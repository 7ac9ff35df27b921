import type { ImpactReport, ImpactReportData, ImpactReportHeading, PublicImpactReport } from '../../../shared/api/reports';
import type { ImpactReportEntity } from '../entities/impact-report.entity';

/** The administrators' shape (the admin list and create/switch answers). */
export function toApi(row: ImpactReportEntity): ImpactReport {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    periodType: row.periodType,
    startDate: row.startDate,
    endDate: row.endDate,
    reportData: JSON.stringify(row.reportData),
    shareToken: row.shareToken,
    isPublic: row.isPublic,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/**
 * What the share link shows, field by field: no id, no administrator's username (with it, three wrong
 * passwords froze the only administrator's account), nothing added to the table later.
 */
export function toPublic(row: ImpactReportEntity): PublicImpactReport {
  return {
    title: row.title,
    description: row.description,
    periodType: row.periodType,
    startDate: row.startDate,
    endDate: row.endDate,
    reportData: JSON.stringify(row.reportData),
    shareToken: row.shareToken,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The text around the figures in the PDF and the preview image. */
export function headingOf(row: ImpactReportEntity): ImpactReportHeading {
  return {
    title: row.title,
    description: row.description,
    periodType: row.periodType,
    startDate: row.startDate,
    endDate: row.endDate,
    createdAt: row.createdAt.toISOString(),
  };
}

export const dataOf = (row: ImpactReportEntity): ImpactReportData => row.reportData as ImpactReportData;
