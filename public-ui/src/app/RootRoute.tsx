import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSiteBlockCheck } from '../features/site-block/useSiteBlockCheck';
import { PageSpinner } from '../components/Spinner';
import { ScrollManager } from './ScrollManager';

/** Wraps every public page: the maintenance check on each load, and scroll and focus handling. */
export function RootRoute() {
  useSiteBlockCheck();
  return (
    <>
      <ScrollManager />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
