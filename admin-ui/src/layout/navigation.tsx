import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import RequestsIcon from '@mui/icons-material/AssignmentOutlined';
import PickupsIcon from '@mui/icons-material/LocalShippingOutlined';
import VolunteersIcon from '@mui/icons-material/VolunteerActivismOutlined';
import QuickMessagesIcon from '@mui/icons-material/ForumOutlined';
import ArchiveIcon from '@mui/icons-material/Inventory2Outlined';
import StatisticsIcon from '@mui/icons-material/InsertChartOutlined';
import HomepageStatisticsIcon from '@mui/icons-material/PinOutlined';
import ImpactReportsIcon from '@mui/icons-material/AssessmentOutlined';
import CertificatesIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ContentEditIcon from '@mui/icons-material/EditNoteOutlined';
import LocationsIcon from '@mui/icons-material/PlaceOutlined';
import StickersIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import GovernanceIcon from '@mui/icons-material/GavelOutlined';
import AutoResponseIcon from '@mui/icons-material/WhatsApp';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import LoginAttemptsIcon from '@mui/icons-material/LoginOutlined';
import SecurityAlertsIcon from '@mui/icons-material/GppMaybeOutlined';
import EmergencyCodesIcon from '@mui/icons-material/KeyOutlined';
import { ROUTES, type AdminRoute } from '../routes';

export interface NavItem {
  route: AdminRoute;
  /** ar.ts key of the label. */
  label: string;
  icon: ReactElement;
}

export interface NavSection {
  /** ar.ts key of the section heading; none for the first block. */
  label?: string;
  items: NavItem[];
}

/** The side menu, in order. Each entry is also a route in App.tsx. */
export const NAV_SECTIONS: NavSection[] = [
  {
    items: [{ route: ROUTES.dashboard, label: 'app.menu.dashboard', icon: <DashboardIcon /> }],
  },
  {
    label: 'app.menu.sections.daily',
    items: [
      { route: ROUTES.requests, label: 'app.menu.requests', icon: <RequestsIcon /> },
      { route: ROUTES.pickups, label: 'app.pickups.menu', icon: <PickupsIcon /> },
      { route: ROUTES.volunteers, label: 'app.menu.volunteers', icon: <VolunteersIcon /> },
      { route: ROUTES.quickMessages, label: 'app.menu.quick_messages', icon: <QuickMessagesIcon /> },
      { route: ROUTES.deletedRequests, label: 'app.desk.menu_archive', icon: <ArchiveIcon /> },
    ],
  },
  {
    label: 'app.menu.sections.reports',
    items: [
      { route: ROUTES.statistics, label: 'app.menu.statistics', icon: <StatisticsIcon /> },
      { route: ROUTES.homepageStatistics, label: 'app.menu.homepage_statistics', icon: <HomepageStatisticsIcon /> },
      { route: ROUTES.impactReports, label: 'app.menu.impact_reports', icon: <ImpactReportsIcon /> },
      { route: ROUTES.certificates, label: 'app.menu.certificates', icon: <CertificatesIcon /> },
    ],
  },
  {
    label: 'app.menu.sections.site',
    items: [
      { route: ROUTES.contentEdit, label: 'app.menu.content_edit', icon: <ContentEditIcon /> },
      { route: ROUTES.locations, label: 'app.menu.locations', icon: <LocationsIcon /> },
      { route: ROUTES.stickers, label: 'app.menu.stickers', icon: <StickersIcon /> },
      { route: ROUTES.governanceCards, label: 'app.menu.governance_cards', icon: <GovernanceIcon /> },
    ],
  },
  {
    label: 'app.menu.sections.messaging',
    items: [{ route: ROUTES.autoResponse, label: 'app.menu.auto_response', icon: <AutoResponseIcon /> }],
  },
  {
    label: 'app.security_menu.section',
    items: [
      { route: ROUTES.loginAttempts, label: 'app.security_menu.login_attempts', icon: <LoginAttemptsIcon /> },
      { route: ROUTES.securityAlerts, label: 'app.security_menu.security_alerts', icon: <SecurityAlertsIcon /> },
      { route: ROUTES.emergencyCodes, label: 'app.security_menu.emergency_codes', icon: <EmergencyCodesIcon /> },
    ],
  },
  {
    label: 'app.menu.sections.system',
    items: [{ route: ROUTES.settings, label: 'app.menu.settings', icon: <SettingsIcon /> }],
  },
];
