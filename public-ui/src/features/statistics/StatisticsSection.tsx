import { useQuery } from '@tanstack/react-query';
import { HOME_FIGURES, homepageFiguresNote } from '@shared/homepage-figures';
import { CalendarCheck, CircleCheck, HandHeart, Scale, type LucideIcon } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { formatNumber } from '../../lib/format';
import { LtrText } from '../../components/LtrText';
import { Skeleton } from '../../components/Skeleton';
import { fetchHomepageStatistics, homepageStatisticsQueryKey } from './api';

/** Each shown figure's picture (the figures, their words and order: HOME_FIGURES). */
const ICONS: Record<(typeof HOME_FIGURES)[number]['key'], LucideIcon> = {
  requests: CalendarCheck,
  families: HandHeart,
  completed: CircleCheck,
  foodKg: Scale,
};

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
          {HOME_FIGURES.map(({ key, publicField, label, estimate }) => {
            const value = query.data?.[publicField];
            const Icon = ICONS[key];
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
