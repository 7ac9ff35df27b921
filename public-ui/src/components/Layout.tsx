import { Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { ar } from '../i18n/ar';
import { MAIN_ID } from '../app/ScrollManager';
import { AppBanner } from '../features/app-banner/AppBanner';
import { AdminPreviewBanner } from '../features/site-block/AdminPreviewBanner';
import { PendingRequestsSender } from '../features/offline/PendingRequestsSender';
import { Header } from './Header';
import { Footer } from './Footer';
import { PageSpinner } from './Spinner';
import { AfterHydration } from './AfterHydration';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/** The frame of every public page: skip link, admin and app banners, header, main region and footer. */
export function Layout() {
  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        {ar.skipLink}
      </a>
      <AdminPreviewBanner />
      {/* It reads the visitor's storage (dismissed once). */}
      <AfterHydration>
        <AppBanner />
        {/* Requests kept while offline are sent from whatever page the visitor opens. */}
        <PendingRequestsSender />
      </AfterHydration>
      <Header />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
