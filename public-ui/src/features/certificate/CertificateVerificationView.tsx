import { BadgeCheck } from 'lucide-react';
import { CERTIFICATE_TITLE, certificateDedication, certificateLines } from '@shared/certificates';
import { riyadhDateString } from '@shared/time';
import { DateWithHijri } from '../../components/DateWithHijri';
import { LtrText } from '../../components/LtrText';
import type { CertificateVerification } from './api';
import './certificate.css';

/**
 * What a certificate states, as the charity issued it: the same lines as the PDF (src/shared/certificates.ts),
 * so a venue shows a paper and anyone compares it with this page.
 */
export function CertificateVerificationView({ certificate }: { certificate: CertificateVerification }) {
  const { figures } = certificate;
  return (
    <article className="verify" aria-labelledby="verify-title">
      <p className="verify__status" role="status">
        <BadgeCheck size={22} aria-hidden="true" />
        شهادة صحيحة صادرة عن {figures.charityName}
      </p>
      <header className="verify__head">
        <h1 id="verify-title" className="verify__title">
          {CERTIFICATE_TITLE}
        </h1>
        <p className="verify__lead">{certificateDedication(figures)}</p>
      </header>
      <dl className="verify__figures" aria-label="ما تذكره الشهادة">
        {certificateLines(figures).map((line) => (
          <div key={line.label} className="verify__row">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="verify__meta">
        <span>
          صدرت في <DateWithHijri value={riyadhDateString(new Date(certificate.issuedAt))} />
        </span>
        <span>
          رمز التحقق: <LtrText className="verify__code">{certificate.code}</LtrText>
        </span>
      </p>
      <p className="verify__note">
        الأرقام كما سجّلتها الجمعية يوم إصدار الشهادة. الوجبات تقديرية، وما لم يوزن عند الاستلام قُدّر وفق إعدادات الجمعية المذكورة.
      </p>
    </article>
  );
}
