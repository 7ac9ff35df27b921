import { Box, Button, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslate } from 'react-admin';
import { STATISTICS_PERIOD_LABELS, STATISTICS_PERIODS, type StatisticsPeriod } from '@shared/labels';
import { currentPeriod, type PeriodKey } from '@shared/statistics';
import { riyadhDateString } from '@shared/time';

interface Props {
  value: PeriodKey;
  onChange: (key: PeriodKey) => void;
  onRefresh: () => void;
  onExport: () => void;
  busy: boolean;
  exporting: boolean;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Period selector (daily with a day, monthly with a month, all time), refresh and Excel export. */
export const PeriodControls = ({ value, onChange, onRefresh, onExport, busy, exporting }: Props) => {
  const translate = useTranslate();
  const today = riyadhDateString(new Date());
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={value.period}
        onChange={(_, period: StatisticsPeriod | null) => period && onChange(currentPeriod(period, new Date()))}
        aria-label={translate('app.statistics_page.period')}
      >
        {STATISTICS_PERIODS.map((p) => (
          <ToggleButton key={p} value={p} sx={{ paddingInline: 2 }}>
            {STATISTICS_PERIOD_LABELS[p]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value.period === 'daily' && (
        <TextField
          type="date"
          size="small"
          label={translate('app.statistics_page.day')}
          sx={{ width: 190 }}
          value={value.date}
          onChange={(e) => e.target.value && e.target.value <= today && onChange({ period: 'daily', date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, dir: 'ltr' } }}
        />
      )}
      {value.period === 'monthly' && (
        <TextField
          type="month"
          size="small"
          label={translate('app.statistics_page.month')}
          sx={{ width: 190 }}
          value={`${value.year}-${pad2(value.month)}`}
          onChange={(e) => {
            const m = /^(\d{4})-(\d{2})$/.exec(e.target.value);
            if (m && e.target.value <= today.slice(0, 7)) onChange({ period: 'monthly', year: Number(m[1]), month: Number(m[2]) });
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today.slice(0, 7), dir: 'ltr' } }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, marginInlineStart: { sm: 'auto' } }}>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={busy}>
          {translate('app.statistics_page.refresh')}
        </Button>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={onExport} disabled={exporting}>
          {translate('app.statistics_page.export')}
        </Button>
      </Box>
    </Box>
  );
};
