import { ar } from '../i18n/ar';
import { termsOfService } from '../i18n/legal';
import { PageTitle } from '../components/PageTitle';
import { PageHeader } from '../components/PageHeader';
import { LegalDocumentView } from '../components/LegalDocumentView';

export default function TermsOfServicePage() {
  return (
    <>
      <PageTitle title={ar.pages.terms.title} />
      <PageHeader title={ar.pages.terms.title} lead={termsOfService.lead} />
      <LegalDocumentView document={termsOfService} />
    </>
  );
}
