import type { ImpactReport } from '@shared/api/reports';
import type { CharityDataProvider } from '../../providers/customMethods';
import { saveBlob } from '../../providers/saveBlob';
import { API_PATHS } from '@shared/api/admin-paths';

/** react-admin's resource of the impact reports (create: POST, update: PATCH through the dataProvider). */
export const IMPACT_RESOURCE = 'impact-reports';

export type NewImpactReport = {
  title: string;
  description: string;
  periodType: string;
  startDate: string;
  endDate: string;
  impactStories: { title: string; description: string; impact: string }[];
};

export const createImpactReport = (dataProvider: CharityDataProvider, body: NewImpactReport) =>
  dataProvider.create<ImpactReport>(IMPACT_RESOURCE, { data: body }).then(({ data }) => data);
export const setImpactVisibility = (dataProvider: CharityDataProvider, report: ImpactReport, isPublic: boolean) =>
  dataProvider.update<ImpactReport>(IMPACT_RESOURCE, { id: report.id, data: { isPublic }, previousData: report });

/** The public page of a report (what people receive on WhatsApp). */
export const shareUrl = (token: string) => `${window.location.origin}/impact/${encodeURIComponent(token)}`;

/** Downloads the report's PDF with the session (dataProvider.getFile: a plain link could not send it). */
export async function downloadImpactPdf(dataProvider: CharityDataProvider, report: Pick<ImpactReport, 'id' | 'title'>): Promise<void> {
  const { data } = await dataProvider.getFile(API_PATHS.reports.impactPdf(report.id));
  saveBlob(data, `${report.title}.pdf`);
}

/** Suggested dates for a period type, ending yesterday or with the last full period (Riyadh calendar days). */
export function suggestedRange(periodType: string, today: string): { startDate: string; endDate: string } | null {
  const d = new Date(`${today}T00:00:00Z`);
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (periodType === 'weekly') {
    const end = new Date(d.getTime() - 86_400_000);
    return { startDate: iso(new Date(end.getTime() - 6 * 86_400_000)), endDate: iso(end) };
  }
  if (periodType === 'monthly') return { startDate: iso(new Date(Date.UTC(y, m - 1, 1))), endDate: iso(new Date(Date.UTC(y, m, 0))) };
  if (periodType === 'quarterly') {
    const q = Math.floor(m / 3);
    return { startDate: iso(new Date(Date.UTC(y, (q - 1) * 3, 1))), endDate: iso(new Date(Date.UTC(y, q * 3, 0))) };
  }
  if (periodType === 'annual') return { startDate: `${y - 1}-01-01`, endDate: `${y - 1}-12-31` };
  return null;
}
