import { Alert, Box, Typography } from '@mui/material';
import { BooleanInput, SaveButton, SelectArrayInput, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { VolunteerRow } from '@shared/api/volunteers';
import { e164ToSaudiLocal, saudiPhoneToE164 } from '@shared/phone';
import { checkVolunteer, VOLUNTEER_CONSENT_TEXT, VOLUNTEER_LIMITS, VOLUNTEER_MESSAGES } from '@shared/volunteer';
import { BackToListButton } from '../../components/BackToListButton';
import { useLocations } from '../../pages/locations/locationsApi';

/** True when the number typed is not the one on record (a new volunteer, or a changed number). */
const isNewNumber = (record: VolunteerRow | undefined, typed: unknown) =>
  !record || (typeof typed === 'string' ? (saudiPhoneToE164(typed) ?? typed) : typed) !== record.whatsapp;

/** The consent is asked whenever a number is registered, and offered while the one on record has none. */
const asksConsent = (record: VolunteerRow | undefined, typed: unknown) => isNewNumber(record, typed) || !record?.optedIn;

/** The opt-in sentence, confirmed on the volunteer's behalf whenever a number is registered. */
const Consent = () => {
  const translate = useTranslate();
  const record = useRecordContext<VolunteerRow>();
  if (!asksConsent(record, useWatch({ name: 'whatsapp' }))) return null;
  return (
    <Alert severity="info" icon={false} sx={{ marginBlockEnd: 2, width: '100%', boxSizing: 'border-box' }}>
      <Typography variant="subtitle2" component="h2" sx={{ marginBlockEnd: 0.5 }}>
        {translate('app.volunteers.consent_title')}
      </Typography>
      <Typography variant="body2" sx={{ marginBlockEnd: 1 }}>
        {VOLUNTEER_CONSENT_TEXT}
      </Typography>
      <BooleanInput source="consent" label="app.volunteers.consent_confirm" helperText={false} />
    </Alert>
  );
};

/**
 * The create and edit form: name, WhatsApp number, the areas served (none: every area), vehicle, notes,
 * and on edit the active switch. The shared rule (src/shared/volunteer.ts) checks it as the server will.
 */
export const VolunteerForm = ({ edit = false }: { edit?: boolean }) => {
  const { data: locations } = useLocations();
  const record = useRecordContext<VolunteerRow>();
  const areas = locations?.areas ?? [];
  // The form's one validator (react-admin takes the form's or the inputs', not both): the shared rule, and
  // the consent whenever a number is registered.
  const validate = (values: Record<string, unknown>) => {
    // Until the areas have loaded, any chosen area passes here; the server still checks it.
    const known = locations ? areas.map((a) => a.value) : ((values.areas as string[] | undefined) ?? []);
    const checked = checkVolunteer(values, known, edit);
    const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (isNewNumber(record, values.whatsapp) && values.consent !== true) errors.consent = VOLUNTEER_MESSAGES.consent;
    return errors;
  };
  return (
    <SimpleForm
      defaultValues={{ areas: [], active: true }}
      validate={validate}
      toolbar={
        <Toolbar sx={{ gap: 1 }}>
          <SaveButton label="app.volunteers.save" alwaysEnable />
          <BackToListButton resource="volunteers" label="app.volunteers.cancel" />
        </Toolbar>
      }
      sx={{ maxWidth: 640 }}
    >
      <TextInput source="name" isRequired slotProps={{ htmlInput: { maxLength: VOLUNTEER_LIMITS.name, autoComplete: 'off' } }} />
      <TextInput
        source="whatsapp"
        isRequired
        format={(value: string | undefined) => (value ? (e164ToSaudiLocal(value) ?? value) : '')}
        helperText="app.volunteers.whatsapp_help"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', autoComplete: 'off', style: { textAlign: 'right' } } }}
      />
      <Consent />
      <SelectArrayInput
        source="areas"
        choices={areas.map((a) => ({ id: a.value, name: a.name }))}
        helperText="app.volunteers.areas_help"
        isPending={!locations}
      />
      <TextInput
        source="vehicle"
        helperText="app.volunteers.vehicle_help"
        slotProps={{ htmlInput: { maxLength: VOLUNTEER_LIMITS.vehicle } }}
      />
      <TextInput source="notes" multiline minRows={2} slotProps={{ htmlInput: { maxLength: VOLUNTEER_LIMITS.notes } }} />
      {edit && (
        <Box>
          <BooleanInput source="active" />
        </Box>
      )}
    </SimpleForm>
  );
};
