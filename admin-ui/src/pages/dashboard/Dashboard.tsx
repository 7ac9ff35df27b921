import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageTitle } from '../../components/PageTitle';
import { DashboardHeader } from './DashboardHeader';
import { QuickLinksCard } from './QuickLinksCard';
import { DayFiguresCard } from './day/DayFiguresCard';
import { DayPickupsCard } from './day/DayPickupsCard';
import { SiteBlockCard } from './cards/SiteBlockCard';
import { VerificationCard } from './cards/VerificationCard';
import { PasswordChangeCard } from './cards/PasswordChangeCard';
import { AdminNumbersCard } from './cards/whatsapp/AdminNumbersCard';
import { WhatsAppTestCard } from './cards/whatsapp/WhatsAppTestCard';
import { TemplatesCard } from './cards/whatsapp/TemplatesCard';
import { FailedMessagesCard } from './cards/whatsapp/FailedMessagesCard';
import { GovernanceCardsCard } from './cards/governance/GovernanceCardsCard';
import { useServerSessionPolling } from '../main/useServerSessionPolling';

/**
 * /admin/dashboard: the day at a glance (today's and tomorrow's pickups, the week's and month's figures),
 * then the quick links and the administration cards (spec: admin-side section 2).
 */
export const Dashboard = () => {
  const translate = useTranslate();
  useServerSessionPolling();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1280 }}>
      <PageTitle title="app.page.dashboard.title" />
      <DashboardHeader />

      {/* The day first (decisions.md "Dashboard order"), then the links, then the spec's cards. */}
      <DayPickupsCard />
      <DayFiguresCard />

      <QuickLinksCard />

      <Typography variant="h6" component="h2" sx={{ marginBlockStart: 1 }}>
        {translate('app.dashboard.upcoming.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <SiteBlockCard />
        <VerificationCard />
        <PasswordChangeCard />
        <AdminNumbersCard />
        <WhatsAppTestCard />
        <FailedMessagesCard />
        {/* The longest card (eight templates and their compliance) takes a row of its own. */}
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <TemplatesCard />
        </Box>
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <GovernanceCardsCard />
        </Box>
      </Box>
    </Box>
  );
};
