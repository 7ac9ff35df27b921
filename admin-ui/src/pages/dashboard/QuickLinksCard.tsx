import type { ReactElement } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import RequestsIcon from '@mui/icons-material/AssignmentOutlined';
import StatisticsIcon from '@mui/icons-material/InsertChartOutlined';
import HomepageStatisticsIcon from '@mui/icons-material/PinOutlined';
import LocationsIcon from '@mui/icons-material/PlaceOutlined';
import ContentEditIcon from '@mui/icons-material/EditNoteOutlined';
import FoodSettingsIcon from '@mui/icons-material/CalculateOutlined';
import AutoResponseIcon from '@mui/icons-material/WhatsApp';
import QuickMessagesIcon from '@mui/icons-material/ForumOutlined';
import StickersIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import ImpactReportsIcon from '@mui/icons-material/AssessmentOutlined';
import PublicSiteIcon from '@mui/icons-material/PublicOutlined';
import GovernanceIcon from '@mui/icons-material/GavelOutlined';
import { LinkBase, useTranslate } from 'react-admin';
import { PUBLIC_LINKS, ROUTES, adminUrl } from '../../routes';
import { ExternalLinkIcon } from '../../components/DirectionalIcons';

interface QuickLink {
  label: string;
  icon: ReactElement;
  /** Admin page (same tab) or public page (new tab). */
  to: { admin: string } | { external: string };
}

/** Quick links of the spec (admin-side section 2), in its order; the last two open the public site. */
const QUICK_LINKS: QuickLink[] = [
  { label: 'requests', icon: <RequestsIcon />, to: { admin: adminUrl(ROUTES.requests) } },
  { label: 'statistics', icon: <StatisticsIcon />, to: { admin: adminUrl(ROUTES.statistics) } },
  { label: 'homepage_statistics', icon: <HomepageStatisticsIcon />, to: { admin: adminUrl(ROUTES.homepageStatistics) } },
  { label: 'locations', icon: <LocationsIcon />, to: { admin: adminUrl(ROUTES.locations) } },
  { label: 'content_edit', icon: <ContentEditIcon />, to: { admin: adminUrl(ROUTES.contentEdit) } },
  { label: 'food_settings', icon: <FoodSettingsIcon />, to: { admin: `${adminUrl(ROUTES.settings)}#food` } },
  { label: 'auto_response', icon: <AutoResponseIcon />, to: { admin: adminUrl(ROUTES.autoResponse) } },
  { label: 'quick_messages', icon: <QuickMessagesIcon />, to: { admin: adminUrl(ROUTES.quickMessages) } },
  { label: 'stickers', icon: <StickersIcon />, to: { admin: adminUrl(ROUTES.stickers) } },
  { label: 'impact_reports', icon: <ImpactReportsIcon />, to: { admin: adminUrl(ROUTES.impactReports) } },
  { label: 'public_site', icon: <PublicSiteIcon />, to: { external: PUBLIC_LINKS.home } },
  { label: 'governance', icon: <GovernanceIcon />, to: { external: PUBLIC_LINKS.governance } },
];

// On phones the icon sits above the label so two columns keep whole words on a line.
const tileSx = {
  position: 'relative',
  display: 'flex',
  flexDirection: { xs: 'column', sm: 'row' },
  alignItems: { xs: 'flex-start', sm: 'center' },
  gap: { xs: 0.75, sm: 1.25 },
  height: '100%',
  minHeight: 56,
  paddingInline: 1.5,
  paddingBlock: 1,
  borderRadius: '12px',
  border: '1px solid',
  borderColor: 'divider',
  bgcolor: 'background.paper',
  color: 'text.primary',
  textDecoration: 'none',
  fontWeight: 600,
  lineHeight: 1.4,
  transition: 'background-color 120ms, border-color 120ms',
  '&:hover': { bgcolor: 'primary.tint', borderColor: 'primary.light' },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
  '& .quick-link-icon': {
    display: 'grid',
    placeItems: 'center',
    width: 36,
    height: 36,
    flexShrink: 0,
    borderRadius: '10px',
    bgcolor: 'primary.tint',
    color: 'primary.main',
  },
} as const;

export const QuickLinksCard = () => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="quick-links-title">
      <CardContent sx={{ padding: { xs: 2, sm: 3 }, '&:last-child': { paddingBlockEnd: { xs: 2, sm: 3 } } }}>
        <Typography id="quick-links-title" variant="h6" component="h2" sx={{ marginBlockEnd: 2 }}>
          {translate('app.dashboard.quick_links.title')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 1.25,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
          }}
        >
          {QUICK_LINKS.map((link) => {
            const label = translate(`app.dashboard.quick_links.${link.label}`);
            const content = (
              <>
                <span className="quick-link-icon" aria-hidden>
                  {link.icon}
                </span>
                <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {label}
                </Box>
              </>
            );
            return (
              <li key={link.label}>
                {'admin' in link.to ? (
                  <Box component={LinkBase} to={link.to.admin} sx={tileSx}>
                    {content}
                  </Box>
                ) : (
                  <Box component="a" href={link.to.external} target="_blank" rel="noopener noreferrer" sx={tileSx}>
                    {content}
                    <ExternalLinkIcon
                      fontSize="small"
                      aria-hidden
                      sx={{
                        color: 'text.secondary',
                        position: { xs: 'absolute', sm: 'static' },
                        insetBlockStart: 10,
                        insetInlineEnd: 10,
                      }}
                    />
                    <Box component="span" sx={visuallyHidden}>
                      {translate('app.opens_in_new_tab')}
                    </Box>
                  </Box>
                )}
              </li>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
};

// Read by screen readers only. Lengths are strings: in sx a bare 1 would mean 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
