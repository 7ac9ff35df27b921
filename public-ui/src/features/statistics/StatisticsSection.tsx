import { useQuery } from '@tanstack/react-query';
import { homepageFiguresNote } from '@shared/homepage-figures';
import { CalendarCheck, CircleCheck, HandHeart, Scale, type LucideIcon } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { formatNumber } from '../../lib/format';
import { LtrText } from '../../components/LtrText';
import { Skeleton } from '../../components/Skeleton';
import { fetchHomepageStatistics, homepageStatisticsQueryKey, type HomepageStatistics } from './api';

interface StatDef {
  key: Exclude<keyof HomepageStatistics, 'basis'>;
  label: string;
  icon: LucideIcon;
  estimate: boolean;
}

const STATS: StatDef[] = [
  { key: 'totalRequests', label: ar.stats.events, icon: CalendarCheck, estimate: false },
  { key: 'familiesBenefited', label: ar.stats.families, icon: HandHeart, estimate: true },
  { key: 'completedRequests', label: ar.stats.completed, icon: CircleCheck, estimate: false },
  { key: 'estimatedFoodKg', label: ar.stats.foodKg, icon: Scale, estimate: true },
];

/** Four large figures from GET /api/homepage-statistics; skeletons while loading, «—» on error. */
export function StatisticsSection() {
  const query = useQuery({
    queryKey: homepageStatisticsQueryKey,
    queryFn: ({ signal }) => fetchHomepageStatistics(signal),
  });

  return (
    <section className="stats" aria-labelledby="stats-title" aria-busy={query.isPending}>
      <div className="container">
        <h2 id="stats-title" className="visually-hidden">
          {ar.stats.title}
        </h2>
        <ul className="stats__grid">
          {STATS.map(({ key, label, icon: Icon, estimate }) => {
            const value = query.data?.[key];
            return (
              <li key={key} className="stat-card">
                <span className="stat-card__icon" aria-hidden="true">
                  <Icon size={22} strokeWidth={1.75} />
                </span>
                <span className="stat-card__value">
                  {query.isPending ? (
                    <Skeleton width="4.5ch" height="1em" className="skeleton--on-sand" />
                  ) : value === undefined ? (
                    <span aria-label={ar.common.notAvailable}>{ar.common.dash}</span>
                  ) : (
                    <LtrText>{formatNumber(value)}</LtrText>
                  )}
                </span>
                <span className="stat-card__label">
                  {label}
                  {estimate ? <span className="badge badge--estimate">{ar.common.estimate}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
        {query.isError ? (
          <p className="stats__error" role="status">
            {ar.stats.error}{' '}
            <button type="button" className="link-button" onClick={() => void query.refetch()}>
              {ar.common.retry}
            </button>
          </p>
        ) : query.data?.basis ? (
          <p className="stats__note">{homepageFiguresNote(query.data.basis)}</p>
        ) : query.isPending ? (
          <p className="stats__note" aria-hidden="true">
            <Skeleton width="min(60ch, 100%)" height="1em" className="skeleton--on-sand" />
          </p>
        ) : null}
      </div>
    </section>
  );
}
