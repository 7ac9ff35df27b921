import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { CERTIFICATE_TITLE } from '@shared/certificates';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { fetchVerification, verificationErrorText, verificationQueryKey } from '../features/certificate/api';
import { CertificateVerificationView } from '../features/certificate/CertificateVerificationView';

/** /v/:code — the public check of a thank-you certificate (the address its QR code holds). */
export default function VerifyCertificatePage() {
  const { code = '' } = useParams();
  const query = useQuery({
    queryKey: verificationQueryKey(code),
    queryFn: ({ signal }) => fetchVerification(code, signal),
    // An unknown code stays unknown; only a failed connection is worth another try.
    retry: (count, error) => count < 2 && !(error instanceof Error && error.name === 'ApiError'),
  });
  const error = query.isError ? verificationErrorText(query.error) : null;
  return (
    <>
      <PageTitle title={`التحقق من ${CERTIFICATE_TITLE}`} />
      <div className="container page-body" aria-busy={query.isPending}>
        {query.isPending ? (
          <div className="page-spinner">
            <Spinner size="lg" showLabel label="جارٍ التحقق من الشهادة…" />
          </div>
        ) : error || !query.data ? (
          <div className="verify verify--error">
            <h1 className="visually-hidden">التحقق من الشهادة</h1>
            <ErrorState
              title={error?.title}
              body={error?.body}
              onRetry={error?.retry === false ? undefined : () => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : (
          <CertificateVerificationView certificate={query.data} />
        )}
      </div>
    </>
  );
}
