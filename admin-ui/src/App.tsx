import { lazy, type ComponentType } from 'react';
import { CacheProvider } from '@emotion/react';
import { Admin, CustomRoutes, Navigate, Resource } from 'react-admin';
import { Route } from 'react-router-dom';

import { ADMIN_BASENAME, ROUTES, adminUrl } from './routes';
import { ar } from './i18n/ar';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { rtlCache } from './theme/rtlCache';
import { theme } from './theme/theme';
import { Layout } from './layout/Layout';
import { AdminNotification } from './layout/AdminNotification';

import { LoginPage } from './pages/login/LoginPage';
import { PasswordResetPage } from './pages/password-reset/PasswordResetPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { DashboardRedirect } from './pages/dashboard/DashboardRedirect';
import { stickers } from './resources/stickers';
import { governanceCards } from './resources/governance-cards';
import { volunteers } from './resources/volunteers';

/**
 * A screen loaded when it is first opened (react-admin's layout shows its spinner meanwhile): the login
 * page, which a phone opens first, then waits for none of them, nor for the charts and maps they use.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const Dashboard = screen(() => import('./pages/dashboard/Dashboard'), 'Dashboard');
const PickupsPage = screen(() => import('./pages/pickups/PickupsPage'), 'PickupsPage');
const SettingsPage = screen(() => import('./pages/main/SettingsPage'), 'SettingsPage');
const StatisticsPage = screen(() => import('./pages/statistics/StatisticsPage'), 'StatisticsPage');
const HomepageStatisticsPage = screen(() => import('./pages/homepage-statistics/HomepageStatisticsPage'), 'HomepageStatisticsPage');
const ContentEditPage = screen(() => import('./pages/content-edit/ContentEditPage'), 'ContentEditPage');
const LocationsPage = screen(() => import('./pages/locations/LocationsPage'), 'LocationsPage');
const AutoResponsePage = screen(() => import('./pages/whatsapp-auto-response/AutoResponsePage'), 'AutoResponsePage');
const RequestList = screen(() => import('./resources/requests/RequestList'), 'RequestList');
const DeletedRequestList = screen(() => import('./resources/deleted-requests/DeletedRequestList'), 'DeletedRequestList');
const ImpactReportList = screen(() => import('./resources/impact-reports/ImpactReportList'), 'ImpactReportList');
const CertificateList = screen(() => import('./resources/certificates/CertificateList'), 'CertificateList');
const LoginAttemptList = screen(() => import('./resources/login-attempts/LoginAttemptList'), 'LoginAttemptList');
const SecurityAlertList = screen(() => import('./resources/security-alerts/SecurityAlertList'), 'SecurityAlertList');
const EmergencyCodeList = screen(() => import('./resources/emergency-codes/EmergencyCodeList'), 'EmergencyCodeList');
const QuickMessageList = screen(() => import('./resources/quick-messages/QuickMessageList'), 'QuickMessageList');

/**
 * The whole admin at a glance (spec: admin-side section 2). Every page needs a stored session
 * (requireAuth) except the login page and the password reset. /admin itself forwards to
 * /admin/dashboard; any other unknown path shows the 404.
 *
 * Resources: when a screen moves to react-admin's List/Edit views, add <Resource name="..."> here
 * and drop its custom route.
 */
export const App = () => (
  <CacheProvider value={rtlCache}>
    <Admin
      basename={ADMIN_BASENAME}
      title={ar.app.title}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      theme={theme}
      layout={Layout}
      notification={AdminNotification}
      loginPage={LoginPage}
      dashboard={DashboardRedirect}
      catchAll={NotFoundPage}
      requireAuth
      disableTelemetry
    >
      <Resource name="requests" list={RequestList} />
      <Resource name="deleted-requests" list={DeletedRequestList} />
      <Resource name="impact-reports" list={ImpactReportList} />
      <Resource name="certificates" list={CertificateList} />
      <Resource name="login-attempts" list={LoginAttemptList} />
      <Resource name="security-alerts" list={SecurityAlertList} />
      <Resource name="emergency-codes" list={EmergencyCodeList} />
      <Resource name="quick-messages" list={QuickMessageList} />
      <Resource name="stickers" {...stickers} recordRepresentation="originalName" />
      <Resource name="governance-cards" {...governanceCards} recordRepresentation="title" />
      <Resource name="volunteers" {...volunteers} recordRepresentation="name" />

      <CustomRoutes noLayout>
        <Route path={ROUTES.passwordReset} element={<PasswordResetPage />} />
      </CustomRoutes>

      <CustomRoutes>
        <Route path={ROUTES.dashboard} element={<Dashboard />} />
        <Route path={ROUTES.pickups} element={<PickupsPage />} />
        <Route path={ROUTES.settings} element={<SettingsPage />} />
        <Route path={ROUTES.statistics} element={<StatisticsPage />} />
        <Route path={ROUTES.homepageStatistics} element={<HomepageStatisticsPage />} />
        <Route path={ROUTES.contentEdit} element={<ContentEditPage />} />
        <Route path={ROUTES.locations} element={<LocationsPage />} />
        <Route path={ROUTES.autoResponse} element={<AutoResponsePage />} />
        <Route path={ROUTES.autoResponseAlias} element={<AutoResponsePage />} />
        {/* The spec's sticker page URL: the stickers resource's list. */}
        <Route path={ROUTES.stickersAlias} element={<Navigate to={adminUrl(ROUTES.stickers)} replace />} />
      </CustomRoutes>
    </Admin>
  </CacheProvider>
);
