import type { ImpactReportData, PublicImpactReport } from '@shared/api/reports';
import { api, ApiError, NetworkError } from '../../lib/api';

/** The public view of a shared report (no administrator fields). */
export type ImpactReport = PublicImpactReport;
export type { ImpactReportData };

export const impactReportQueryKey = (shareToken: string) => ['impact', shareToken] as const;

/** GET /api/impact/{shareToken}: each call counts one view, so the page calls it once per open. */
export function fetchImpactReport(shareToken: string, signal?: AbortSignal): Promise<ImpactReport> {
  return api.get<ImpactReport>(`/api/impact/${encodeURIComponent(shareToken)}`, signal);
}

/** The PDF download address of a report. */
export function impactReportDownloadPath(shareToken: string): string {
  return `/api/impact/${encodeURIComponent(shareToken)}/download`;
}

export class CorruptReportError extends Error {
  override readonly name = 'CorruptReportError';
}

/** Parses reportData; a report whose data cannot be read throws CorruptReportError. */
export function parseReportData(reportData: string): ImpactReportData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reportData);
  } catch {
    throw new CorruptReportError('corrupt report data');
  }
  const data = parsed as Partial<ImpactReportData> | null;
  const numbersOk =
    data &&
    ['completedRequests', 'familiesBenefited', 'totalFoodSaved', 'successRate', 'totalRequests'].every(
      (k) => typeof data[k as keyof ImpactReportData] === 'number',
    );
  if (!numbersOk || typeof data.eventTypeBreakdown !== 'object' || !Array.isArray(data.monthlyTrends))
    throw new CorruptReportError('corrupt report data');
  return data as ImpactReportData;
}

/** The spec's texts (public-side §8, Shared impact report). */
export const IMPACT_ERRORS = {
  notFound: 'تقرير غير موجود أو منتهي الصلاحية',
  failed: 'فشل في تحميل التقرير',
  corrupt: 'بيانات التقرير تالفة',
  network: 'فشل في الاتصال بالخادم',
  copied: 'تم نسخ رابط التقرير إلى الحافظة',
} as const;

export function impactErrorText(error: unknown): string {
  if (error instanceof CorruptReportError) return IMPACT_ERRORS.corrupt;
  if (error instanceof NetworkError) return IMPACT_ERRORS.network;
  if (error instanceof ApiError && error.status === 404) return IMPACT_ERRORS.notFound;
  return IMPACT_ERRORS.failed;
}

/** Downloads the PDF through fetch, so a failure can be told (the spec's alert) rather than a broken page. */
export async function downloadImpactPdf(shareToken: string, title: string): Promise<void> {
  const response = await fetch(impactReportDownloadPath(shareToken), { credentials: 'same-origin' });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('pdf')) throw new Error('download failed');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies text with the Clipboard API, or with a hidden text field where it is missing (older or non-secure pages). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the older way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetBlockStart = '-1000px';
  document.body.append(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
