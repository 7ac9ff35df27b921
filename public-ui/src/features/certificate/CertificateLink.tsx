import './certificate.css';
import { Award } from 'lucide-react';
import { selfServiceCertificatePath } from './api';

/**
 * The thank-you certificate's download on the host's own page (/r/{token}): shown once the request is
 * completed. The server issues the certificate on the first download and the same one afterwards.
 * Drop it into the page's certificate slot: <CertificateLink token={token} status={request.status} />.
 */
export function CertificateLink({ token, status }: { token: string; status: string }) {
  if (status !== 'completed') return null;
  return (
    <section className="certificate-link" aria-labelledby="certificate-link-title">
      <h2 id="certificate-link-title" className="certificate-link__title">
        شهادة الشكر والتقدير
      </h2>
      <p className="certificate-link__body">
        شكراً لمساهمتكم في حفظ النعمة. حمّلوا شهادة باسمكم تذكر الطعام الذي حُفظ من مناسبتكم، وفيها رمز QR يتحقق به أي أحد من صحتها.
      </p>
      <a className="button button--primary certificate-link__button" href={selfServiceCertificatePath(token)} download>
        <Award size={20} aria-hidden="true" />
        تحميل الشهادة (PDF)
      </a>
    </section>
  );
}
