/**
 * The public home's figures and the note under them (decisions.md "Statistics and impact"). Each figure
 * has two names on the wire, both the spec's: one in the public answer, one in the administrator's
 * manual row. HOMEPAGE_FIGURES is the one place that pairs them; the code names a figure by its `key`.
 * The note states how the figures it shows were arrived at, so it follows the food-calculation settings
 * and says so when an administrator entered the figures by hand.
 */
import type { HomepageFiguresBasis, HomepageStatistics, ManualHomepageStatistics } from './api/reports';
import { KG_PER_MEAL, MEALS_PER_FAMILY } from './constants';
import { formatFigure } from './number-format';
import { round2 } from './statistics';

interface HomepageFigureDefinition {
  key: string;
  /** Its name in GET /api/homepage-statistics. */
  publicField: string;
  /** Its name in the manual row (manual_homepage_statistics, /api/admin/homepage-statistics). */
  manualField: string;
  /** How the home (and the administrator's preview of it) names it; null: the home does not show it. */
  label: string | null;
  /** Kilograms are kept to two decimals. */
  unit: 'count' | 'kg';
  /** Marked «تقديري» where shown: computed, it follows from the food estimate. */
  estimate: boolean;
}

/** The five figures, in the manual row's order (the administrator's form follows it). */
export const HOMEPAGE_FIGURES = [
  {
    key: 'requests',
    publicField: 'totalRequests',
    manualField: 'totalRequests',
    label: 'مناسبة سجّلت طلب جمع',
    unit: 'count',
    estimate: false,
  },
  { key: 'phones', publicField: 'uniquePhones', manualField: 'uniquePhones', label: null, unit: 'count', estimate: false },
  { key: 'foodKg', publicField: 'estimatedFoodKg', manualField: 'foodSavedKg', label: 'كجم من الطعام المحفوظ', unit: 'kg', estimate: true },
  {
    key: 'families',
    publicField: 'familiesBenefited',
    manualField: 'familiesBenefited',
    label: 'أسرة مستفيدة',
    unit: 'count',
    estimate: true,
  },
  {
    key: 'completed',
    publicField: 'completedRequests',
    manualField: 'successfulEvents',
    label: 'طلب جمع مكتمل',
    unit: 'count',
    estimate: false,
  },
] as const satisfies readonly HomepageFigureDefinition[];

type HomepageFigure = (typeof HOMEPAGE_FIGURES)[number];
type HomepageFigureKey = HomepageFigure['key'];
/** The figures' names in the administrator's manual row. */
export type ManualFigureField = HomepageFigure['manualField'];
/** The five figures of GET /api/homepage-statistics, without the basis. */
export type PublicFigures = Omit<HomepageStatistics, 'basis'>;

export function homepageFigure<K extends HomepageFigureKey>(key: K): Extract<HomepageFigure, { key: K }> {
  return HOMEPAGE_FIGURES.find((figure) => figure.key === key) as Extract<HomepageFigure, { key: K }>;
}

/** The four figures the home shows, in its order (the number of phones is not shown). */
export const HOME_FIGURES = (['requests', 'families', 'completed', 'foodKg'] as const).map((key) => homepageFigure(key));

/** The manual row's figures under their public names (kilograms to two decimals, like computed ones). */
export function publicFigures(manual: ManualHomepageStatistics): PublicFigures {
  return Object.fromEntries(
    HOMEPAGE_FIGURES.map((figure) => {
      const value = manual[figure.manualField];
      return [figure.publicField, figure.unit === 'kg' ? round2(value) : value];
    }),
  ) as PublicFigures;
}

/** Just the five figures of a manual row (a stored row carries more). */
export function pickManualFigures(row: ManualHomepageStatistics): ManualHomepageStatistics {
  return Object.fromEntries(HOMEPAGE_FIGURES.map((figure) => [figure.manualField, row[figure.manualField]])) as ManualHomepageStatistics;
}

/** The public figures under the manual row's names (what the administrator's screen reads). */
export function manualFigures(figures: PublicFigures): ManualHomepageStatistics {
  return Object.fromEntries(
    HOMEPAGE_FIGURES.map((figure) => [figure.manualField, figures[figure.publicField]]),
  ) as ManualHomepageStatistics;
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
