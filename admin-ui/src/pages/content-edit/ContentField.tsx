import { useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { normalizeSaudiPhone } from '@shared/phone';

/** One content key: edited in place, saved with its own button; an empty value is never saved. */
export const ContentField = ({
  label,
  initial,
  multiline,
  phone,
  onSave,
}: {
  label: string;
  initial: string;
  multiline?: boolean;
  phone?: boolean;
  onSave: (value: string) => Promise<string | null>;
}) => {
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const trimmed = value.trim();
  // A key the charity has not filled in yet (seeded empty) is not an error until someone edits it.
  const neverSet = !saved.trim() && !trimmed;
  const normalise = (v: string) => (phone ? (normalizeSaudiPhone(v) ?? v.trim()) : v);

  const save = async () => {
    const next = normalise(value).trim();
    if (!next) return;
    setBusy(true);
    const stored = await onSave(next);
    setBusy(false);
    if (stored !== null) {
      setValue(stored);
      setSaved(stored);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => phone && setValue(normalise(value))}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        fullWidth
        size="small"
        error={!trimmed && !neverSet}
        helperText={neverSet ? 'لم يُحدَّد بعد؛ يرى الزوار «غير متوفر حالياً»' : !trimmed ? 'لا يمكن حفظ قيمة فارغة' : undefined}
        slotProps={phone ? { htmlInput: { dir: 'ltr', inputMode: 'tel' } } : undefined}
      />
      <Button
        variant="outlined"
        onClick={save}
        disabled={busy || !trimmed || value === saved}
        sx={{ flexShrink: 0, marginBlockStart: 0.25 }}
      >
        حفظ
      </Button>
    </Box>
  );
};
