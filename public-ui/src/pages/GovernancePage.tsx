import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { ar } from '../i18n/ar';
import { PageTitle } from '../components/PageTitle';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { Spinner } from '../components/Spinner';
import { fetchGovernanceCards, governanceQueryKey } from '../features/governance/api';
import { GovernanceDocument } from '../features/governance/GovernanceDocument';

/** Governance documents (GET /api/governance): spinner, error card, "coming soon" when there are none, else the cards. */
export default function GovernancePage() {
  const query = useQuery({ queryKey: governanceQueryKey, queryFn: ({ signal }) => fetchGovernanceCards(signal) });
  const t = ar.pages.governance;
  return (
    <>
      <PageTitle title={t.title} />
      <PageHeader title={t.title} lead={t.lead} />
      <div className="container page-body" aria-busy={query.isPending}>
        {query.isPending ? (
          <div className="page-spinner">
            <Spinner size="lg" showLabel label={t.loading} />
          </div>
        ) : query.isError ? (
          <ErrorState title={t.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : query.data.length === 0 ? (
          <EmptyState icon={FileText} title={t.emptyTitle} body={t.emptyBody} />
        ) : (
          <ul className="card-grid card-grid--3 governance-grid" aria-label={t.title}>
            {query.data.map((card) => (
              <GovernanceDocument key={card.id} card={card} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
