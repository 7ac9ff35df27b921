/** Impact-report rules shared by the server and the admin (spec §5 "Impact report"). */
import type { ImpactStory } from './api/reports';
import { IMPACT_PERIOD_TYPES, ImpactPeriodType } from './labels';
import { isValidDateString } from './time';

export const IMPACT_MESSAGES = {
  title: 'يرجى إدخال عنوان التقرير',
  titleLength: 'عنوان التقرير يجب ألا يتجاوز 200 حرف',
  startDate: 'تاريخ البداية مطلوب بالصيغة YYYY-MM-DD',
  endDate: 'تاريخ النهاية مطلوب بالصيغة YYYY-MM-DD',
  order: 'تاريخ النهاية يجب أن يكون في يوم البداية أو بعده',
  periodType: 'نوع الفترة يجب أن يكون أسبوعي أو شهري أو ربع سنوي أو سنوي أو فترة مخصصة',
  description: 'الوصف يجب أن يكون نصاً لا يتجاوز 2000 حرف',
  impactStories: 'قصص الأثر يجب أن تكون قائمة (حتى 10) لكل منها عنوان ووصف وأثر',
} as const;

export interface ImpactReportInput {
  title: string;
  description: string | null;
  periodType: ImpactPeriodType;
  startDate: string;
  endDate: string;
  impactStories: ImpactStory[];
}

/** Text as typed: control characters (NUL too) removed, lone surrogates refused, trimmed. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) return null;
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

export function checkImpactReport(
  input: Record<string, unknown>,
): { value: ImpactReportInput } | { errors: Partial<Record<keyof typeof IMPACT_MESSAGES, string>> } {
  const errors: Partial<Record<string, string>> = {};
  const title = text(input.title);
  if (!title) errors.title = IMPACT_MESSAGES.title;
  else if (title.length > 200) errors.title = IMPACT_MESSAGES.titleLength;

  const startDate = typeof input.startDate === 'string' ? input.startDate.slice(0, 10) : null;
  const endDate = typeof input.endDate === 'string' ? input.endDate.slice(0, 10) : null;
  if (!isValidDateString(startDate)) errors.startDate = IMPACT_MESSAGES.startDate;
  if (!isValidDateString(endDate)) errors.endDate = IMPACT_MESSAGES.endDate;
  else if (isValidDateString(startDate) && endDate < startDate) errors.endDate = IMPACT_MESSAGES.order;

  const periodType = input.periodType ?? 'custom';
  if (typeof periodType !== 'string' || !(IMPACT_PERIOD_TYPES as readonly string[]).includes(periodType))
    errors.periodType = IMPACT_MESSAGES.periodType;

  let description: string | null = null;
  if (input.description !== undefined && input.description !== null) {
    const d = text(input.description);
    if (d === null || d.length > 2000) errors.description = IMPACT_MESSAGES.description;
    else description = d || null;
  }

  const impactStories: ImpactStory[] = [];
  if (input.impactStories !== undefined && input.impactStories !== null) {
    const list = input.impactStories;
    const ok =
      Array.isArray(list) &&
      list.length <= 10 &&
      list.every((s) => {
        if (!s || typeof s !== 'object') return false;
        const story = s as Record<string, unknown>;
        const [t, d, i] = [text(story.title), text(story.description ?? ''), text(story.impact ?? '')];
        if (!t || t.length > 200 || d === null || d.length > 1000 || i === null || i.length > 500) return false;
        impactStories.push({ title: t, description: d, impact: i });
        return true;
      });
    if (!ok) errors.impactStories = IMPACT_MESSAGES.impactStories;
  }
  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      title: title!,
      description,
      periodType: periodType as ImpactPeriodType,
      startDate: startDate!,
      endDate: endDate!,
      impactStories,
    },
  };
}

/** A file name from the report title: letters, digits, spaces and dashes kept (Arabic too), at most 80. */
export function reportFileName(title: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || 'تقرير-الأثر'}.pdf`;
}
