import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { BareLayout } from '../components/BareLayout';
import { Layout } from '../components/Layout';
import { HomePage } from '../pages/HomePage';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';

// Only the home page ships in the first download; every other page loads on demand.
const AboutPage = lazy(() => import('../pages/AboutPage'));
const ContactPage = lazy(() => import('../pages/ContactPage'));
const PrivacyPolicyPage = lazy(() => import('../pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('../pages/TermsOfServicePage'));
const GovernancePage = lazy(() => import('../pages/GovernancePage'));
const ImpactReportPage = lazy(() => import('../pages/ImpactReportPage'));
const HostRequestPage = lazy(() => import('../pages/HostRequestPage'));
const VolunteerPage = lazy(() => import('../pages/VolunteerPage'));
const BlockedPage = lazy(() => import('../pages/BlockedPage'));
const VerifyCertificatePage = lazy(() => import('../pages/VerifyCertificatePage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

/** The public site's routes: the browser's router and the build's pre-rendering both use them. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      // The maintenance page stands alone: no navigation into a blocked site.
      { path: PUBLIC_ROUTES.blocked, element: <BlockedPage /> },
      // The volunteer's page, used on the road: the charity's name and the page, no menu.
      {
        element: <BareLayout />,
        errorElement: <RouteError />,
        children: [{ path: PUBLIC_ROUTES.volunteerPage, element: <VolunteerPage /> }],
      },
      {
        element: <Layout />,
        errorElement: <RouteError />,
        children: [
          { path: PUBLIC_ROUTES.home, element: <HomePage /> },
          { path: PUBLIC_ROUTES.about, element: <AboutPage /> },
          { path: PUBLIC_ROUTES.contact, element: <ContactPage /> },
          { path: PUBLIC_ROUTES.privacy, element: <PrivacyPolicyPage /> },
          { path: PUBLIC_ROUTES.terms, element: <TermsOfServicePage /> },
          { path: PUBLIC_ROUTES.governance, element: <GovernancePage /> },
          { path: PUBLIC_ROUTES.impact, element: <ImpactReportPage /> },
          { path: PUBLIC_ROUTES.hostPage, element: <HostRequestPage /> },
          { path: PUBLIC_ROUTES.verify, element: <VerifyCertificatePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
