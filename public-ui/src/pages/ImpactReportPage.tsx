import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { serverSaidNotFound } from '../lib/page-status';
import { ar } from '../i18n/ar';
import { PageTitle } from '../components/PageTitle';
import { ErrorState } from '../components/ErrorState';
import { Spinner } from '../components/Spinner';
import { fetchImpactReport, IMPACT_ERRORS, impactErrorText, impactReportQueryKey, parseReportData } from '../features/impact/api';
import { ImpactReportView } from '../features/impact/ImpactReportView';

/**
 * A shared impact report (/impact/:shareToken): loading, error (the spec's texts) and loaded states.
 * The report is read once per open (each read counts a view) and its data parsed on the way.
 */
export default function ImpactReportPage() {
  const { shareToken = '' } = useParams();
  // The server answered this page 404 (an unknown or private report): no need to ask the API again.
  const missing = serverSaidNotFound();
  const query = useQuery({
    enabled: !missing,
    queryKey: impactReportQueryKey(shareToken),
    queryFn: async ({ signal }) => {
      const report = await fetchImpactReport(shareToken, signal);
      return { report, data: parseReportData(report.reportData) };
    },
  });
  const t = ar.pages.impact;
  return (
    <>
      <PageTitle title={query.data?.report.title ?? t.title} />
      <div className="container page-body impact-page" aria-busy={!missing && query.isPending}>
        {missing ? (
          <ErrorState title={IMPACT_ERRORS.notFound} body={t.errorBody} />
        ) : query.isPending ? (
          <div className="page-spinner">
            <Spinner size="lg" showLabel label={t.loading} />
          </div>
        ) : query.isError ? (
          <ErrorState title={impactErrorText(query.error)} body={t.errorBody} />
        ) : (
          <ImpactReportView report={query.data.report} data={query.data.data} />
        )}
      </div>
    </>
  );
}
