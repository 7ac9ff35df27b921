import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** One button per state of a true/false list filter; `null` is "all" (the filter removed). */
export interface BooleanFilterOption {
  value: boolean | null;
  label: string;
}

const keyOf = (value: boolean | null) => (value === null ? 'all' : String(value));

/** A boolean filter of a react-admin list as three buttons (one tap on a phone), keeping the other filters. */
export const BooleanFilterToggle = ({ source, label, options }: { source: string; label: string; options: BooleanFilterOption[] }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const current = filterValues[source];
  const select = (key: string | null) => {
    const option = options.find((o) => keyOf(o.value) === key);
    if (!option) return;
    const { [source]: _dropped, ...rest } = filterValues as Record<string, unknown>;
    setFilters(option.value === null ? rest : { ...rest, [source]: option.value }, {});
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={keyOf(typeof current === 'boolean' ? current : null)}
      onChange={(_, key: string | null) => select(key)}
      aria-label={translate(label)}
      sx={{ '& .MuiToggleButton-root': { minHeight: 44, paddingInline: 2 } }}
    >
      {options.map((o) => (
        <ToggleButton key={keyOf(o.value)} value={keyOf(o.value)}>
          {translate(o.label)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};
