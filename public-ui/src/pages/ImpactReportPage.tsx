import { ar } from '../i18n/ar';
import { PageTitle } from '../components/PageTitle';
import { PageHeader } from '../components/PageHeader';
import { ComingSoon } from '../components/ComingSoon';

/**
 * A shared impact report (/impact/:shareToken). For now a placeholder; the report view (copy-link
 * and download buttons, stat cards, event-type bars, monthly trends, stories) reads
 * GET /api/impact/{shareToken} through features/impact/api.ts and replaces it here.
 */
export default function ImpactReportPage() {
  return (
    <>
      <PageTitle title={ar.pages.impact.title} />
      <PageHeader title={ar.pages.impact.title} lead={ar.pages.impact.lead} />
      <ComingSoon />
    </>
  );
}
