import { FileText } from 'lucide-react';
import { ar } from '../i18n/ar';
import { PageTitle } from '../components/PageTitle';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/EmptyState';

/**
 * Governance documents. For now the "coming soon" empty state; the document grid (loading spinner,
 * error card, cards with type badge, excerpt, size and download) reads GET /api/governance through
 * features/governance/api.ts and replaces the empty state here.
 */
export default function GovernancePage() {
  return (
    <>
      <PageTitle title={ar.pages.governance.title} />
      <PageHeader title={ar.pages.governance.title} lead={ar.pages.governance.lead} />
      <div className="container container--narrow page-body">
        <EmptyState icon={FileText} title={ar.pages.governance.emptyTitle} body={ar.pages.governance.emptyBody} />
      </div>
    </>
  );
}
