import { useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CONTACT_PHONE_MESSAGE, normalizeContactPhone } from '@shared/phone-contact';

/** What a save gave: the stored value, or the server's message for this field (none when it named no field). */
export type SaveOutcome = { saved: string } | { error: string | undefined };

/**
 * One content key: edited in place, saved with its own button; an empty value is never saved. A phone
 * key follows the contact-phone rule (mobile, landline, 800, 920): normalised when the field is left,
 * and a refused number shows the server's message under the field.
 */
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
  onSave: (value: string) => Promise<SaveOutcome>;
}) => {
  const translate = useTranslate();
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const trimmed = value.trim();
  // A key the charity has not filled in yet (seeded empty) is not an error until someone edits it.
  const neverSet = !saved.trim() && !trimmed;
  const normalise = (v: string) => (phone ? (normalizeContactPhone(v) ?? v.trim()) : v);
  // Said as soon as the field is left, the same words the server would answer.
  const [phoneError, setPhoneError] = useState<string | null>(null);

  const save = async () => {
    const next = normalise(value).trim();
    if (!next) return;
    setBusy(true);
    const outcome = await onSave(next);
    setBusy(false);
    if ('saved' in outcome) {
      setValue(outcome.saved);
      setSaved(outcome.saved);
      setServerError(null);
    } else if (outcome.error) {
      setServerError(outcome.error);
    }
  };

  const error = !trimmed && !neverSet ? translate('app.content_edit.empty_value') : (serverError ?? phoneError);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label={label}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setServerError(null);
          setPhoneError(null);
        }}
        onBlur={() => {
          if (!phone || !trimmed) return;
          setValue(normalise(value));
          setPhoneError(normalizeContactPhone(value) ? null : CONTACT_PHONE_MESSAGE);
        }}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        fullWidth
        size="small"
        error={!!error}
        helperText={
          neverSet ? translate('app.content_edit.never_set') : (error ?? (phone ? translate('app.content_edit.phone_hint') : undefined))
        }
        slotProps={phone ? { htmlInput: { dir: 'ltr', inputMode: 'tel' } } : undefined}
      />
      <Button
        variant="outlined"
        onClick={save}
        disabled={busy || !trimmed || value === saved}
        sx={{ flexShrink: 0, marginBlockStart: 0.25 }}
      >
        {translate('ra.action.save')}
      </Button>
    </Box>
  );
};
