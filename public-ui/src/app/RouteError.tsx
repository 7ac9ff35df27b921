import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { ar } from '../i18n/ar';
import { BrandMark } from '../components/BrandMark';
import { NotFoundContent } from '../pages/NotFoundContent';

/** Shown when a page fails to render or its code cannot be downloaded (for example after a release). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main-content" className="standalone">
        <NotFoundContent />
      </main>
    );
  }
  return (
    <main id="main-content" className="standalone">
      <div className="standalone__card">
        <BrandMark size={56} />
        <h1 className="standalone__title">{ar.pages.routeError.title}</h1>
        <p className="standalone__body">{ar.pages.routeError.body}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          <RefreshCw size={18} aria-hidden="true" />
          {ar.pages.routeError.reload}
        </button>
      </div>
    </main>
  );
}
