import { Box, Chip, Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/labels';
import { deskFiltersOf } from './deskFilterOptions';
import { useRequestsSummary } from './requestsApi';
import { useDeskFilters } from './useDeskFilters';

/** Tabs of the spec (all, received, reviewing, confirmed, completed) plus the deadline view. */
export const TABS = ['all', 'received', 'reviewing', 'confirmed', 'completed', 'deadline'] as const;
export type DeskTab = (typeof TABS)[number];

/** The tabs of a status say the server's own label; the two others are catalogue keys. */
const TAB_KEYS = { all: 'app.desk.tabs.all', deadline: 'app.desk.tabs.deadline' } as const;

export function currentTab(filter: Record<string, unknown>): DeskTab {
  if (filter.active === true) return 'deadline';
  const status = filter.status;
  return typeof status === 'string' && (TABS as readonly string[]).includes(status) ? (status as DeskTab) : 'all';
}

/** `takeSearch` gives the search as typed (pending or applied), so the tab's filter keeps it. */
export const StatusTabs = ({ takeSearch }: { takeSearch: () => string | undefined }) => {
  const translate = useTranslate();
  const { setSort } = useListContext();
  const { filterValues, current, set } = useDeskFilters();
  const { data } = useRequestsSummary();
  const tab = currentTab(filterValues);

  const select = (next: DeskTab) => {
    const q = takeSearch();
    // A tab changes the status only: the search and the other filters (dates, area, place, type) stay.
    const base = { ...deskFiltersOf(current()), ...(q ? { q } : {}) };
    if (next === 'deadline') {
      set({ ...base, active: true });
      setSort({ field: 'collectionDeadline', order: 'ASC' });
    } else {
      set(next === 'all' ? base : { ...base, status: next });
      if (tab === 'deadline') setSort({ field: 'createdAt', order: 'DESC' });
    }
  };

  const count = (t: DeskTab) => {
    if (!data) return null;
    if (t === 'all') return data.counts.all;
    if (t === 'deadline') return data.counts.received + data.counts.reviewing + data.counts.confirmed;
    return data.counts[t as RequestStatus];
  };

  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, v: DeskTab) => select(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate('app.desk.tabs.label')}
      >
        {TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            label={
              <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
                {t === 'all' || t === 'deadline' ? translate(TAB_KEYS[t]) : REQUEST_STATUS_LABELS[t]}
                {count(t) !== null && <Chip size="small" label={count(t)} sx={{ height: 20 }} />}
              </Box>
            }
          />
        ))}
      </Tabs>
      {data && (
        <Chip
          size="small"
          variant="outlined"
          label={`${REQUEST_STATUS_LABELS.cancelled}: ${data.counts.cancelled}`}
          sx={{ marginInlineStart: 'auto', marginInlineEnd: 1 }}
          aria-label={translate('app.desk.tabs.cancelled_count', { count: data.counts.cancelled })}
        />
      )}
    </Box>
  );
};
