import { Link } from 'react-router';
import { House, SearchX } from 'lucide-react';
import { ar } from '../i18n/ar';
import { PUBLIC_ROUTES } from '@shared/public-routes';

/** The 404 message; the spec asks for the English heading 'Page Not Found'. */
export function NotFoundContent() {
  return (
    <div className="not-found">
      <span className="not-found__icon" aria-hidden="true">
        <SearchX size={40} strokeWidth={1.5} />
      </span>
      <p className="not-found__code" aria-hidden="true">
        {ar.pages.notFound.code}
      </p>
      <h1 className="not-found__title" lang="en" dir="ltr">
        {ar.pages.notFound.title}
      </h1>
      <p className="not-found__body">{ar.pages.notFound.body}</p>
      <Link to={PUBLIC_ROUTES.home} className="button button--primary">
        <House size={18} aria-hidden="true" />
        {ar.common.backHome}
      </Link>
    </div>
  );
}
