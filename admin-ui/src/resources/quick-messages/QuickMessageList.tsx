import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { List, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { PageTitle } from '../../components/PageTitle';
import { EmptyState, StatsCards } from './QuickMessageParts';
import { QuickMessageItems } from './QuickMessageItems';
import { QUICK_MESSAGE_STATS_KEY, useQuickMessagesApi } from './quickMessagesApi';

// The list opens on what still needs an answer (decisions.md, wave 3); «الكل» clears the filter.
const ANSWERED_CHOICES = [
  { id: false, name: 'app.quick_message_answers.unanswered' },
  { id: true, name: 'app.quick_message_answers.answered' },
];
const DEFAULT_FILTER = { answered: false };

const STATUS_CHOICES = [
  { id: 'sent', name: 'app.quick_messages_page.stats.sent' },
  { id: 'failed', name: 'app.quick_messages_page.stats.failed' },
  { id: 'pending', name: 'app.quick_messages_page.stats.pending' },
];

/**
 * /admin/quick-messages (spec: admin-side sections 2, 7, 8): the stats cards over every message (with
 * the unanswered count), then visitors' inquiries as cards, a page at a time (newest first), opening on
 * the unanswered ones, with search, an answered filter and a status filter;
 * select-all and bulk delete, and per item the reply box, resend of a failed acknowledgement and delete.
 */
export const QuickMessageList = () => {
  const translate = useTranslate();
  const api = useQuickMessagesApi();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.quick_messages_page.search')} sx={{ minWidth: { sm: 360 } }} />,
    <SelectInput
      key="answered"
      source="answered"
      alwaysOn
      label="app.quick_message_answers.filter"
      choices={ANSWERED_CHOICES}
      emptyText="app.quick_message_answers.all"
      sx={{ minWidth: 170 }}
    />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      label="app.quick_messages_page.filter_status"
      choices={STATUS_CHOICES}
      emptyText="app.quick_messages_page.filter_all"
      sx={{ minWidth: 170 }}
    />,
  ];
  const stats = useQuery({
    queryKey: QUICK_MESSAGE_STATS_KEY,
    queryFn: ({ signal }) => api.fetchStats(signal),
    refetchOnMount: 'always',
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1080, minWidth: 0 }}>
      <PageTitle title="app.quick_messages_page.title" />
      <Box>
        <Typography variant="h5" component="h1">
          {translate('app.quick_messages_page.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ marginBlockStart: 0.5 }}>
          {translate('app.quick_messages_page.intro')}
        </Typography>
      </Box>

      {/* Figures while loading (placeholders) or once loaded; none when they could not be read. */}
      {stats.isError ? null : <StatsCards stats={stats.data ?? null} />}

      <List
        resource="quick-messages"
        title={<span />}
        component="div"
        actions={false}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filterDefaultValues={DEFAULT_FILTER}
        perPage={25}
        pagination={<ListPagination />}
        empty={<EmptyState />}
        sx={{ minWidth: 0, '& .RaList-main': { minWidth: 0, gap: 1.5 } }}
      >
        <QuickMessageItems />
      </List>
    </Box>
  );
};
