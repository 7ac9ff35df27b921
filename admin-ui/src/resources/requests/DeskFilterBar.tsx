import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import { useTranslate } from 'react-admin';
import { DeskFilters } from './DeskFilters';
import { StatusTabs } from './StatusTabs';
import { useDeskSearch } from './useDeskSearch';

const PLACEHOLDER = 'app.desk.archive.search';

/** The desk's search box, filters and status tabs: one filter state, so none undoes another. */
export const DeskFilterBar = () => {
  const translate = useTranslate();
  const search = useDeskSearch();
  return (
    <>
      <Box sx={{ paddingInline: 1, paddingBlock: 1.5 }}>
        <TextField
          size="small"
          value={search.text}
          onChange={(e) => search.change(e.target.value)}
          placeholder={translate(PLACEHOLDER)}
          sx={{ width: { xs: '100%', sm: 360 } }}
          slotProps={{
            htmlInput: { 'aria-label': translate(PLACEHOLDER), enterKeyHint: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: search.text ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={translate('app.desk.search_clear')} onClick={search.clear} edge="end">
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
      </Box>
      <DeskFilters />
      <StatusTabs takeSearch={search.take} />
    </>
  );
};
