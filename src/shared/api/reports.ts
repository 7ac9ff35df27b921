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

/** GET/POST /api/admin/homepage-statistics. */
export interface ManualHomepageStatistics {
  totalRequests: number;
  uniquePhones: number;
  foodSavedKg: number;
  familiesBenefited: number;
  successfulEvents: number;
}

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
