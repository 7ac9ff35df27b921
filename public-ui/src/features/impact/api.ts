import { api } from '../../lib/api';

/** Figures stored in a report when it was created (reportData, sent as a JSON string). */
export interface ImpactReportData {
  completedRequests: number;
  familiesBenefited: number;
  totalFoodSaved: number;
  successRate: number;
  totalRequests: number;
  eventTypeBreakdown: Record<string, number>;
  monthlyTrends: { month: string; requests: number; foodSaved: number }[];
  impactStories?: { title: string; description: string; impact: string }[];
}

/** An impact report as GET /api/impact/{shareToken} returns it (spec §3). */
export interface ImpactReport {
  id: number;
  title: string;
  description?: string | null;
  periodType?: string | null;
  startDate: string;
  endDate: string;
  reportData: string;
  shareToken: string;
  isPublic: boolean;
  views: number;
  createdAt: string;
  updatedAt?: string;
}

export const impactReportQueryKey = (shareToken: string) => ['impact', shareToken] as const;

export function fetchImpactReport(shareToken: string, signal?: AbortSignal): Promise<ImpactReport> {
  return api.get<ImpactReport>(`/api/impact/${encodeURIComponent(shareToken)}`, signal);
}

/** The PDF download address of a report. */
export function impactReportDownloadPath(shareToken: string): string {
  return `/api/impact/${encodeURIComponent(shareToken)}/download`;
}

/** Parses reportData; throws when it is corrupt (the page then shows 'بيانات التقرير تالفة'). */
export function parseReportData(reportData: string): ImpactReportData {
  const parsed: unknown = JSON.parse(reportData);
  if (!parsed || typeof parsed !== 'object') throw new Error('corrupt report data');
  return parsed as ImpactReportData;
}
