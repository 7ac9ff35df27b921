import { useState } from 'react';
import { Box, Button, Chip, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { addEntry } from '@shared/dropdown-rules';

/** One dropdown list: add on Enter or the button (trimmed, empties and duplicates ignored), remove a chip. */
export const DropdownListEditor = ({ title, items, onChange }: { title: string; items: string[]; onChange: (items: string[]) => void }) => {
  const translate = useTranslate();
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addEntry(items, draft));
    setDraft('');
  };
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          label={translate('app.content_edit.new_option', { title })}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          fullWidth
        />
        <Button variant="outlined" onClick={add} disabled={!draft.trim()} sx={{ flexShrink: 0 }}>
          {translate('ra.action.add')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {items.map((item) => (
          <Chip key={item} label={item} onDelete={() => onChange(items.filter((i) => i !== item))} />
        ))}
        {!items.length && (
          <Typography variant="body2" color="error">
            {translate('app.content_edit.empty_list')}
          </Typography>
        )}
      </Box>
    </Box>
  );
};
