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
