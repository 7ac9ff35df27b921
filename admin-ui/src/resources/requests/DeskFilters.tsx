import { useState } from 'react';
import { Autocomplete, Badge, Box, Button, Chip, Collapse, MenuItem, TextField, useMediaQuery, type Theme } from '@mui/material';
import FilterIcon from '@mui/icons-material/FilterListOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { addDaysToDateString, riyadhDateString } from '@shared/time';
import { isApiError } from '../../providers/httpClient';
import { DateFilterField } from './DateFilterField';
import { activeDeskFilters, useDeskFilterOptions, withDeskFilter, type Option } from './deskFilterOptions';
import { useDeskFilters } from './useDeskFilters';
import { useRequestsApi } from './requestsApi';

const TOUCH = { '& .MuiInputBase-root': { minHeight: 44 } };

/** A select over `options`; a value no longer offered (an old link) stays visible instead of blank. */
const SelectFilter = ({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (v: string) => void;
}) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 150, ...TOUCH }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="" sx={{ minHeight: 44 }}>
        {translate('app.desk.filters.all')}
      </MenuItem>
      {value && !options.some((o) => o.value === value) && (
        <MenuItem value={value} sx={{ minHeight: 44 }}>
          {translate('app.desk.filters.stale_option')}
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} sx={{ minHeight: 44 }}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * The desk's filters beside the search and the tabs (one filter state: each sets its own key and keeps
 * the others), quick «today» and «tomorrow», and the export of exactly the list on screen. On a phone
 * the filters fold under one button.
 */
export const DeskFilters = () => {
  const translate = useTranslate();
  const { sort, total } = useListContext();
  const { filterValues, current, set: setDeskFilters } = useDeskFilters();
  const notify = useNotify();
  const api = useRequestsApi();
  const options = useDeskFilterOptions();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const active = activeDeskFilters(filterValues);
  const value = (key: string) => (typeof filterValues[key] === 'string' ? (filterValues[key] as string) : '');
  const set = (key: string, next: string | null) => setDeskFilters(withDeskFilter(current(), key, next));
  const day = (offset: number) => addDaysToDateString(riyadhDateString(new Date()), offset);
  const setDay = (date: string) => setDeskFilters({ ...current(), eventDateFrom: date, eventDateTo: date });
  const isDay = (date: string) => value('eventDateFrom') === date && value('eventDateTo') === date;
  const places = options.data?.importantPlaces ?? [];

  const exportList = async () => {
    setExporting(true);
    try {
      await api.download(filterValues, sort);
      notify(translate('app.desk.filters.export_started', { format: 'Excel', count: total ?? 0 }), { type: 'info' });
    } catch (error) {
      notify(
        isApiError(error)
          ? translate('app.desk.filters.export_failed_with', { message: error.message })
          : translate('app.desk.filters.export_failed'),
        { type: 'error' },
      );
    } finally {
      setExporting(false);
    }
  };

  const fields = (
    <Box
      role="group"
      aria-label={translate('app.desk.filters.label')}
      sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr 1fr', md: '1.2fr 1.2fr 1fr 1fr 1.4fr' }, alignItems: 'start' }}
    >
      <DateFilterField
        label={translate('app.desk.filters.event_date_from')}
        value={value('eventDateFrom')}
        onChange={(v) => set('eventDateFrom', v)}
      />
      <DateFilterField
        label={translate('app.desk.filters.event_date_to')}
        value={value('eventDateTo')}
        onChange={(v) => set('eventDateTo', v)}
      />
      <SelectFilter
        label={translate('app.desk.filters.area')}
        value={value('area')}
        options={options.data?.areas ?? []}
        onChange={(v) => set('area', v)}
      />
      <SelectFilter
        label={translate('app.desk.filters.event_type')}
        value={value('eventType')}
        options={options.data?.eventTypes ?? []}
        onChange={(v) => set('eventType', v)}
      />
      <Autocomplete
        size="small"
        options={places}
        value={places.find((p) => p.value === value('importantPlace')) ?? null}
        onChange={(_, option) => set('importantPlace', option?.value ?? null)}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        noOptionsText={translate('app.desk.filters.no_place')}
        clearText={translate('app.desk.filters.clear')}
        openText={translate('ra.action.open_menu')}
        closeText={translate('ra.action.close_menu')}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, ...TOUCH }}
        renderInput={(params) => <TextField {...params} label={translate('app.desk.filters.place')} />}
      />
    </Box>
  );

  return (
    <Box sx={{ paddingInline: 1, paddingBlockEnd: 1, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {isSmall && (
          <Button
            variant={open ? 'contained' : 'outlined'}
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            startIcon={
              <Badge badgeContent={active.length} color="secondary">
                <FilterIcon />
              </Badge>
            }
            sx={{ minHeight: 44 }}
          >
            {translate('app.desk.filters.toggle')}
          </Button>
        )}
        <Chip
          label={translate('app.desk.filters.today')}
          onClick={() => setDay(day(0))}
          color={isDay(day(0)) ? 'primary' : 'default'}
          sx={{ minHeight: 44, borderRadius: 22 }}
        />
        <Chip
          label={translate('app.desk.filters.tomorrow')}
          onClick={() => setDay(day(1))}
          color={isDay(day(1)) ? 'primary' : 'default'}
          sx={{ minHeight: 44, borderRadius: 22 }}
        />
        {active.length > 0 && (
          <Button
            size="small"
            onClick={() => setDeskFilters(Object.fromEntries(Object.entries(current()).filter(([k]) => !active.includes(k))))}
            sx={{ minHeight: 44 }}
          >
            {translate('app.desk.filters.clear_filters')}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={exportList}
          disabled={exporting || !total}
          sx={{ minHeight: 44, marginInlineStart: 'auto' }}
        >
          {translate('app.statistics_page.export')}
        </Button>
      </Box>
      {isSmall ? <Collapse in={open}>{fields}</Collapse> : fields}
    </Box>
  );
};
