import { ar } from '../i18n/ar';
import { PageTitle } from '../components/PageTitle';
import { NotFoundContent } from './NotFoundContent';

export default function NotFoundPage() {
  return (
    <>
      <PageTitle title={ar.pages.notFound.title} />
      <div className="container">
        <NotFoundContent />
      </div>
    </>
  );
}
