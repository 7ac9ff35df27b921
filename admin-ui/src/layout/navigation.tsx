import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import RequestsIcon from '@mui/icons-material/AssignmentOutlined';
import QuickMessagesIcon from '@mui/icons-material/ForumOutlined';
import StatisticsIcon from '@mui/icons-material/InsertChartOutlined';
import HomepageStatisticsIcon from '@mui/icons-material/PinOutlined';
import ImpactReportsIcon from '@mui/icons-material/AssessmentOutlined';
import CertificatesIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ContentEditIcon from '@mui/icons-material/EditNoteOutlined';
import LocationsIcon from '@mui/icons-material/PlaceOutlined';
import StickersIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import AutoResponseIcon from '@mui/icons-material/WhatsApp';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
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
      { route: ROUTES.quickMessages, label: 'app.menu.quick_messages', icon: <QuickMessagesIcon /> },
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
    ],
  },
  {
    label: 'app.menu.sections.messaging',
    items: [{ route: ROUTES.autoResponse, label: 'app.menu.auto_response', icon: <AutoResponseIcon /> }],
  },
  {
    label: 'app.menu.sections.system',
    items: [{ route: ROUTES.settings, label: 'app.menu.settings', icon: <SettingsIcon /> }],
  },
];
