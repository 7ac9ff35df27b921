import { Box, Checkbox, FormControlLabel, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useListContext, useTranslate, type SortPayload } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { BulkActions } from './BulkActions';

/** The table's sortable columns, by the catalogue keys of their Arabic names (spec: creation date, event date, name, status). */
export const SORT_FIELDS = [
  ['createdAt', 'app.desk.list.created'],
  ['eventDate', 'app.desk.archive.event_date'],
  ['organizerName', 'app.desk.archive.organizer'],
  ['status', 'app.desk.list.status'],
  ['collectionDeadline', 'app.desk.toolbar.deadline'],
  ['id', 'app.desk.archive.number'],
] as const;

const TOUCH = { minHeight: 44 };

/** Below 900 px the cards have no column headers: this bar gives them the sort, select-all and bulk picker. */
export const RequestCardsToolbar = () => {
  const translate = useTranslate();
  const { data, sort, setSort, selectedIds, onSelect } = useListContext<AdminRequestRow>();
  const pageIds = (data ?? []).map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  const all = pageIds.length > 0 && selectedOnPage === pageIds.length;

  const toggleAll = () => onSelect(all ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])]);
  const sortBy = (next: Partial<SortPayload>) => setSort({ ...sort, ...next });

  return (
    <Box
      role="toolbar"
      aria-label={translate('app.desk.toolbar.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        padding: 1,
        '& .MuiInputBase-root, & .MuiButton-root': TOUCH,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: '100%' }}>
        <TextField
          select
          size="small"
          label={translate('app.desk.toolbar.sort_by')}
          value={SORT_FIELDS.some(([f]) => f === sort.field) ? sort.field : ''}
          onChange={(e) => sortBy({ field: e.target.value })}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {SORT_FIELDS.map(([field, label]) => (
            <MenuItem key={field} value={field} sx={TOUCH}>
              {translate(label)}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={sort.order}
          onChange={(_, order: SortPayload['order'] | null) => order && sortBy({ order })}
          aria-label={translate('app.desk.toolbar.direction')}
        >
          <ToggleButton
            value="ASC"
            aria-label={translate('app.desk.toolbar.asc')}
            title={translate('app.desk.toolbar.asc')}
            sx={{ ...TOUCH, minWidth: 44 }}
          >
            <ArrowUpwardIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton
            value="DESC"
            aria-label={translate('app.desk.toolbar.desc')}
            title={translate('app.desk.toolbar.desc')}
            sx={{ ...TOUCH, minWidth: 44 }}
          >
            <ArrowDownwardIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <FormControlLabel
        label={
          selectedOnPage
            ? translate('app.desk.toolbar.select_all_count', { count: selectedIds.length })
            : translate('app.desk.toolbar.select_all')
        }
        sx={{ marginInlineStart: 0, marginInlineEnd: 'auto', ...TOUCH }}
        control={
          <Checkbox
            checked={all}
            indeterminate={selectedOnPage > 0 && !all}
            disabled={!pageIds.length}
            onChange={toggleAll}
            slotProps={{ input: { 'aria-label': translate('app.desk.toolbar.select_page') } }}
          />
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <BulkActions />
      </Box>
    </Box>
  );
};
