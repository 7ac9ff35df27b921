import type { EstimateRule } from '../certificates';
import type { HOMEPAGE_FIGURES } from '../homepage-figures';
import type { FoodCalculationMethod } from '../labels';

/** GET /api/activity-logs (list convention). */
export interface ActivityLogRow {
  id: number;
  action: string;
  actionLabel: string;
  entityType: string | null;
  entityId: string | null;
  metadata: Record<string, unknown> | null;
  userId: number | null;
  username: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** GET/PUT /api/admin/food-calculation-settings. */
export interface FoodCalculationSettings {
  calculationMethod: FoodCalculationMethod;
  manualAmount: number | null;
  formulaMultiplier: number;
  description: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

type HomepageFigureRow = (typeof HOMEPAGE_FIGURES)[number];

/**
 * The five homepage figures under their names in the manual row (manual_homepage_statistics), as
 * GET/POST /api/admin/homepage-statistics carry them. The names are HOMEPAGE_FIGURES' `manualField`s.
 */
export type ManualHomepageStatistics = { [F in HomepageFigureRow as F['manualField']]: number };

/** Where the figures come from: the administrator's manual row, or the data with the active rule. */
export type HomepageFiguresBasis = { source: 'manual' } | ({ source: 'computed' } & EstimateRule);

/**
 * GET /api/homepage-statistics: the five figures under their public names (HOMEPAGE_FIGURES'
 * `publicField`s: totalRequests, uniquePhones, completedRequests, estimatedFoodKg, familiesBenefited)
 * and how they were arrived at.
 */
export type HomepageStatistics = { [F in HomepageFigureRow as F['publicField']]: number } & { basis: HomepageFiguresBasis };

export interface AdminHomepageStatistics {
  /** The administrator's figures, or null when the homepage shows the computed ones. */
  manual: (ManualHomepageStatistics & { updatedAt: string; updatedBy: string | null }) | null;
  /** What the data gives today (the homepage shows these when there is no manual row). */
  computed: ManualHomepageStatistics;
  /** What GET /api/homepage-statistics answers now. */
  statistics: ManualHomepageStatistics;
}

/** Figures stored in an impact report when it is created (spec §3 "Report data"; sent as a JSON string). */
export interface ImpactReportData {
  completedRequests: number;
  familiesBenefited: number;
  /** Kilograms: weighed where recorded, else the estimate. */
  totalFoodSaved: number;
  successRate: number;
  totalRequests: number;
  /** Event type value → number of requests. */
  eventTypeBreakdown: Record<string, number>;
  monthlyTrends: { month: string; requests: number; foodSaved: number }[];
  impactStories?: ImpactStory[];
  /** Beyond the spec: the parts of the kilograms, the other estimates, labels and constants used. */
  estimatedFoodKg?: number;
  weighedFoodKg?: number;
  meals?: number;
  co2eKg?: number;
  eventTypeLabels?: Record<string, string>;
  constants?: { kgPerMeal: number; mealsPerFamily: number; co2ePerKg: number };
  generatedAt?: string;
}

export interface ImpactStory {
  title: string;
  description: string;
  impact: string;
}

/** An impact report as the admin list returns it (administrators only). */
export interface ImpactReport {
  id: number;
  title: string;
  description: string | null;
  periodType: string;
  startDate: string;
  endDate: string;
  /** ImpactReportData as a JSON string (decisions.md). */
  reportData: string;
  shareToken: string;
  isPublic: boolean;
  views: number;
  createdAt: string;
  updatedAt: string;
  createdBy?: string | null;
}

/**
 * GET /api/impact/{shareToken}: what anyone holding the link may see. Built field by field (never by
 * removing fields from ImpactReport), so a field added for administrators — who created it, its id —
 * never reaches the public by accident.
 */
export interface PublicImpactReport {
  title: string;
  description: string | null;
  periodType: string;
  startDate: string;
  endDate: string;
  /** ImpactReportData as a JSON string (decisions.md). */
  reportData: string;
  shareToken: string;
  views: number;
  createdAt: string;
}

/** The fields the PDF and the preview image are drawn from. */
export type ImpactReportHeading = Pick<PublicImpactReport, 'title' | 'description' | 'periodType' | 'startDate' | 'endDate' | 'createdAt'>;
