import type { ImpactReport } from '@shared/api/reports';
import { apiRequest } from '../../providers/httpClient';
import { getValidSession } from '../../providers/session';

export type NewImpactReport = {
  title: string;
  description: string;
  periodType: string;
  startDate: string;
  endDate: string;
  impactStories: { title: string; description: string; impact: string }[];
};

export const createImpactReport = (body: NewImpactReport) =>
  apiRequest<ImpactReport>('/api/admin/impact-reports', { method: 'POST', json: body });
export const setImpactVisibility = (id: number, isPublic: boolean) =>
  apiRequest<ImpactReport>(`/api/admin/impact-reports/${id}`, { method: 'PATCH', json: { isPublic } });

/** The public page of a report (what people receive on WhatsApp). */
export const shareUrl = (token: string) => `${window.location.origin}/impact/${encodeURIComponent(token)}`;

/** Downloads the report's PDF with the session (a plain link could not send it). */
export async function downloadImpactPdf(report: Pick<ImpactReport, 'id' | 'title'>): Promise<void> {
  const session = getValidSession();
  const response = await fetch(`/api/admin/impact-reports/${report.id}/download`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  });
  if (!response.ok) throw new Error(`${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${report.title}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
