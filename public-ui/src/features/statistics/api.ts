import type { HomepageFiguresBasis } from '@shared/homepage-figures';
import { api } from '../../lib/api';
import { toNumber } from '../../lib/format';

/** GET /api/homepage-statistics as the server returns it (figures may arrive as strings). */
export interface HomepageStatisticsResponse {
  totalRequests: number | string;
  uniquePhones: number | string;
  completedRequests: number | string;
  estimatedFoodKg: number | string;
  familiesBenefited?: number | string;
  basis?: HomepageFiguresBasis;
}

export interface HomepageStatistics {
  totalRequests?: number;
  uniquePhones?: number;
  completedRequests?: number;
  estimatedFoodKg?: number;
  familiesBenefited?: number;
  /** How the figures were arrived at (the note under them); absent from an older server. */
  basis?: HomepageFiguresBasis;
}

export const homepageStatisticsQueryKey = ['homepage-statistics'] as const;

export async function fetchHomepageStatistics(signal?: AbortSignal): Promise<HomepageStatistics> {
  const raw = await api.get<Partial<HomepageStatisticsResponse> | null>('/api/homepage-statistics', signal);
  return {
    totalRequests: toNumber(raw?.totalRequests),
    uniquePhones: toNumber(raw?.uniquePhones),
    completedRequests: toNumber(raw?.completedRequests),
    estimatedFoodKg: toNumber(raw?.estimatedFoodKg),
    familiesBenefited: toNumber(raw?.familiesBenefited),
    basis: raw?.basis ?? undefined,
  };
}
