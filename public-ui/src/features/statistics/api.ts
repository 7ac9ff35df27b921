import type { HomepageStatistics } from '@shared/api/reports';
import { HOMEPAGE_FIGURES, type PublicFigures } from '@shared/homepage-figures';
import { api } from '../../lib/api';
import { toNumber } from '../../lib/format';

/** GET /api/homepage-statistics as it may arrive: figures possibly as strings, any of them missing. */
type HomepageStatisticsResponse = { [F in keyof PublicFigures]?: number | string } & Pick<Partial<HomepageStatistics>, 'basis'>;

/** The figures to show: one that did not arrive as a number is undefined (shown as «—»). */
type ShownHomepageStatistics = Partial<HomepageStatistics>;

export const homepageStatisticsQueryKey = ['homepage-statistics'] as const;

export async function fetchHomepageStatistics(signal?: AbortSignal): Promise<ShownHomepageStatistics> {
  const raw = await api.get<HomepageStatisticsResponse | null>('/api/homepage-statistics', signal);
  const figures = Object.fromEntries(
    HOMEPAGE_FIGURES.map(({ publicField }) => [publicField, toNumber(raw?.[publicField])]),
  ) as Partial<PublicFigures>;
  return { ...figures, basis: raw?.basis ?? undefined };
}
