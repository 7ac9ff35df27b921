import { homepageFigure } from './homepage-figures';

/**
 * The names of a shared impact report's figures (its page, its link preview and its picture): the
 * home's wording (HOMEPAGE_FIGURES), so a figure is named the same wherever it is shown.
 */
export const FIGURE_LABELS = {
  completedRequests: homepageFigure('completed').label,
  familiesBenefited: homepageFigure('families').label,
  foodSavedKg: homepageFigure('foodKg').label,
  successRate: 'نسبة النجاح',
} as const;

/** The mark beside a figure that is an estimate (decisions.md "Statistics and impact"). */
export const ESTIMATE_MARK = 'تقديري';
