import type { ReactNode } from 'react';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import SecurityIcon from '@mui/icons-material/SecurityOutlined';
import StatisticsIcon from '@mui/icons-material/InsertChartOutlined';
import FoodIcon from '@mui/icons-material/CalculateOutlined';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';
import { UnderConstructionNote } from '../../components/UnderConstructionNote';
import { DropdownListsCard } from '../content-edit/DropdownListsCard';
import { AdminNumbersCard } from '../dashboard/cards/whatsapp/AdminNumbersCard';
import { TemplatesCard } from '../dashboard/cards/whatsapp/TemplatesCard';
import { CapacityCard } from '../pickups/CapacityControl';
import { FoodCalculationTab } from './FoodCalculationTab';
import { SecurityTab } from './SecurityTab';
import { useServerSessionPolling } from './useServerSessionPolling';

const TABS = ['security', 'statistics', 'food'] as const;
type TabName = (typeof TABS)[number];

/** The tab named in the URL's hash (/admin/main#food), security otherwise. */
const tabOf = (hash: string): TabName => {
  const name = hash.replace('#', '');
  return (TABS as readonly string[]).includes(name) ? (name as TabName) : 'security';
};

const Placeholder = ({ title, text }: { title: string; text: string }) => (
  <Card>
    <CardContent sx={{ padding: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ marginBlockEnd: 2 }}>
        {text}
      </Typography>
      <UnderConstructionNote />
    </CardContent>
  </Card>
);

/**
 * /admin/main (spec: admin-side section 2): tabs for security (login attempts, alerts, account status,
 * emergency codes), statistics (a placeholder, as the spec has it) and the food calculation; below them
 * the WhatsApp templates, the administrators' numbers and the dropdown options the spec also lists here.
 * The session is confirmed with the server every 30 seconds while the page is open.
 */
export const SettingsPage = () => {
  const translate = useTranslate();
  useServerSessionPolling();
  const location = useLocation();
  const navigate = useNavigate();
  // The URL holds the tab, so a link (the dashboard's food quick link) or a reload opens it.
  const tab = tabOf(location.hash);
  const icons: Record<TabName, ReactNode> = { security: <SecurityIcon />, statistics: <StatisticsIcon />, food: <FoodIcon /> };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.page.settings.title" />
      <Typography variant="h5" component="h1">
        {translate('app.page.settings.title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabName) => navigate({ search: location.search, hash: `#${value}` }, { replace: true })}
          aria-label={translate('app.settings.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              id={`settings-tab-${name}`}
              aria-controls={`settings-panel-${name}`}
              icon={icons[name] as React.ReactElement}
              iconPosition="start"
              label={translate(`app.settings.tabs.${name}`)}
              // On phones the three labels fit side by side without their icons.
              sx={{
                minHeight: 52,
                minWidth: { xs: 0, sm: 90 },
                paddingInline: { xs: 1.5, sm: 2 },
                '& .MuiTab-icon': { display: { xs: 'none', sm: 'inline-flex' } },
              }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'security' ? <SecurityTab /> : null}
        {tab === 'statistics' ? (
          <Placeholder
            title={translate('app.settings.statistics_placeholder')}
            text={translate('app.settings.statistics_placeholder_hint')}
          />
        ) : null}
        {tab === 'food' ? <FoodCalculationTab /> : null}
      </Box>
      <CapacityCard />
      <Box component="section" aria-labelledby="settings-whatsapp-lists" sx={{ display: 'grid', gap: 2, minWidth: 0, marginBlockStart: 2 }}>
        <Typography id="settings-whatsapp-lists" variant="h6" component="h2">
          {translate('app.settings_page.whatsapp_lists')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <AdminNumbersCard />
          <DropdownListsCard />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <TemplatesCard />
        </Box>
      </Box>
    </Box>
  );
};
