import { Box, Checkbox, FormControlLabel, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useListContext, type SortPayload } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { BulkActions } from './BulkActions';

/** The table's sortable columns, by their Arabic names (spec: creation date, event date, name, status). */
export const SORT_FIELDS = [
  ['createdAt', 'تاريخ الإنشاء'],
  ['eventDate', 'تاريخ المناسبة'],
  ['organizerName', 'اسم المنظم'],
  ['status', 'الحالة'],
  ['collectionDeadline', 'مهلة الاستلام'],
  ['id', 'رقم الطلب'],
] as const;

const TOUCH = { minHeight: 44 };

/** Below 900 px the cards have no column headers: this bar gives them the sort, select-all and bulk picker. */
export const RequestCardsToolbar = () => {
  const { data, sort, setSort, selectedIds, onSelect } = useListContext<AdminRequestRow>();
  const pageIds = (data ?? []).map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  const all = pageIds.length > 0 && selectedOnPage === pageIds.length;

  const toggleAll = () => onSelect(all ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])]);
  const sortBy = (next: Partial<SortPayload>) => setSort({ ...sort, ...next });

  return (
    <Box
      role="toolbar"
      aria-label="ترتيب الطلبات وتحديدها"
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
          label="ترتيب حسب"
          value={SORT_FIELDS.some(([f]) => f === sort.field) ? sort.field : ''}
          onChange={(e) => sortBy({ field: e.target.value })}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {SORT_FIELDS.map(([field, label]) => (
            <MenuItem key={field} value={field} sx={TOUCH}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={sort.order}
          onChange={(_, order: SortPayload['order'] | null) => order && sortBy({ order })}
          aria-label="اتجاه الترتيب"
        >
          <ToggleButton value="ASC" aria-label="تصاعدي" title="تصاعدي" sx={{ ...TOUCH, minWidth: 44 }}>
            <ArrowUpwardIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="DESC" aria-label="تنازلي" title="تنازلي" sx={{ ...TOUCH, minWidth: 44 }}>
            <ArrowDownwardIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <FormControlLabel
        label={selectedOnPage ? `تحديد الكل (المحدد ${selectedIds.length})` : 'تحديد الكل'}
        sx={{ marginInlineStart: 0, marginInlineEnd: 'auto', ...TOUCH }}
        control={
          <Checkbox
            checked={all}
            indeterminate={selectedOnPage > 0 && !all}
            disabled={!pageIds.length}
            onChange={toggleAll}
            slotProps={{ input: { 'aria-label': 'تحديد كل طلبات الصفحة' } }}
          />
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <BulkActions />
      </Box>
    </Box>
  );
};
