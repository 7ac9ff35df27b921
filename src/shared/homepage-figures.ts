/**
 * The public home's figures and the note under them (decisions.md "Statistics and impact"): the note
 * states how the figures it shows were arrived at, so it follows the food-calculation settings and says
 * so when an administrator entered the figures by hand.
 */
import type { EstimateRule } from './certificates';
import { KG_PER_MEAL, MEALS_PER_FAMILY } from './constants';
import { formatFigure } from './number-format';

/** Where the figures come from: the administrator's manual row, or the data with the active rule. */
export type HomepageFiguresBasis = { source: 'manual' } | ({ source: 'computed' } & EstimateRule);

/** GET /api/homepage-statistics. */
export interface HomepageStatistics {
  totalRequests: number;
  uniquePhones: number;
  completedRequests: number;
  estimatedFoodKg: number;
  familiesBenefited: number;
  basis: HomepageFiguresBasis;
}

/** The sentence under the figures. */
export function homepageFiguresNote(basis: HomepageFiguresBasis): string {
  if (basis.source === 'manual') return 'الأرقام المعروضة أدخلتها الجمعية من سجلاتها، والمعلَّمة «تقديري» منها تقديرية.';
  const food =
    basis.method === 'manual'
      ? `${formatFigure(basis.manualAmount)} كجم لكل طلب جمع مكتمل`
      : `عدد الحضور × ${formatFigure(basis.multiplier)} كجم للشخص`;
  return (
    `الأرقام المعلَّمة «تقديري» محسوبة: الطعام المحفوظ = ${food} (ما لم يُوزن فعلياً)، ` +
    `والأسر المستفيدة = الطعام ÷ ${formatFigure(KG_PER_MEAL)} كجم للوجبة ÷ ${MEALS_PER_FAMILY} أفراد للأسرة.`
  );
}
