import { ar } from '../i18n/ar';
import { privacyPolicy } from '../i18n/legal';
import { PageTitle } from '../components/PageTitle';
import { PageHeader } from '../components/PageHeader';
import { LegalDocumentView } from '../components/LegalDocumentView';

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageTitle title={ar.pages.privacy.title} />
      <PageHeader title={ar.pages.privacy.title} lead={privacyPolicy.lead} />
      <LegalDocumentView document={privacyPolicy} />
    </>
  );
}
