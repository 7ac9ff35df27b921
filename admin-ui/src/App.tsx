import { CacheProvider } from '@emotion/react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';

import { ADMIN_BASENAME, ROUTES } from './routes';
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
import { Dashboard } from './pages/dashboard/Dashboard';
import { PickupsPage } from './pages/pickups/PickupsPage';
import { DashboardRedirect } from './pages/dashboard/DashboardRedirect';
import { SettingsPage } from './pages/main/SettingsPage';
import { StatisticsPage } from './pages/statistics/StatisticsPage';
import { HomepageStatisticsPage } from './pages/homepage-statistics/HomepageStatisticsPage';
import { ContentEditPage } from './pages/content-edit/ContentEditPage';
import { LocationsPage } from './pages/locations/LocationsPage';
import { AutoResponsePage } from './pages/whatsapp-auto-response/AutoResponsePage';
import { StickersPage } from './pages/sticker-management/StickersPage';
import { RequestList } from './resources/requests/RequestList';
import { DeletedRequestList } from './resources/deleted-requests/DeletedRequestList';
import { ImpactReportList } from './resources/impact-reports/ImpactReportList';
import { CertificateList } from './resources/certificates/CertificateList';
import { LoginAttemptList } from './resources/login-attempts/LoginAttemptList';
import { SecurityAlertList } from './resources/security-alerts/SecurityAlertList';
import { EmergencyCodeList } from './resources/emergency-codes/EmergencyCodeList';
import { QuickMessageList } from './resources/quick-messages/QuickMessageList';

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
        <Route path={ROUTES.stickers} element={<StickersPage />} />
        <Route path={ROUTES.stickersAlias} element={<StickersPage />} />
      </CustomRoutes>
    </Admin>
  </CacheProvider>
);
