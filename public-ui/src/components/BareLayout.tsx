import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ar } from '../i18n/ar';
import { MAIN_ID } from '../app/ScrollManager';
import { useContent } from '../features/content/useContent';
import { BrandMark } from './BrandMark';
import { PageSpinner } from './Spinner';

/**
 * The frame of a page used on the road (the volunteer's page): the charity's mark and name, then the
 * page — no menu, no footer links, nothing to learn (DESIGN.md, "The volunteer's page").
 */
export function BareLayout() {
  const content = useContent();
  return (
    <div className="site site--bare">
      <header className="bare-header">
        <BrandMark size={36} />
        <span className="brand__name">{content.get('charity_name', ar.charityName)}</span>
      </header>
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
