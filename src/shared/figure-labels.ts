/**
 * The names of the public figures, one wording wherever a figure is shown: the home and the admin's
 * preview of it, a shared impact report's page, its link preview and its picture.
 */
export const FIGURE_LABELS = {
  totalRequests: 'مناسبة سجّلت طلب جمع',
  completedRequests: 'طلب جمع مكتمل',
  familiesBenefited: 'أسرة مستفيدة',
  foodSavedKg: 'كجم من الطعام المحفوظ',
  successRate: 'نسبة النجاح',
} as const;

/** The mark beside a figure that is an estimate (decisions.md "Statistics and impact"). */
export const ESTIMATE_MARK = 'تقديري';
