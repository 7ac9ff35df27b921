import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Box, Button, Chip, CircularProgress, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { foldArabic } from '@shared/arabic-fold';
import { COUNTRY_CODES } from '@shared/countries';
import { SECURITY_SETTINGS_LIMITS as L, type SecuritySettings } from '@shared/security-settings';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';
import { failureText } from '../../providers/errorMessage';
import { countryName } from './format';
import { Panel, QueryContent } from './Panel';
import { SECURITY_KEYS } from './securityApi';
import { checkSecuritySettingsForm, formOf, type SecuritySettingsErrors, type SecuritySettingsForm } from './securitySettingsForm';

const nameOf = (code: string) => countryName(code, code) ?? code;

/** Searching by the Arabic name as people type it (with or without hamza and marks) or by the ISO code. */
function filterCountries(codes: string[], { inputValue }: { inputValue: string }): string[] {
  const typed = foldArabic(inputValue.trim());
  return typed ? codes.filter((code) => foldArabic(`${nameOf(code)} ${code}`).includes(typed)) : codes;
}

/** The countries in Arabic alphabetical order. */
function useCountryOptions(): string[] {
  return useMemo(() => [...COUNTRY_CODES].sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'ar')), []);
}

const SettingsForm = ({ saved }: { saved: SecuritySettings }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const options = useCountryOptions();
  const [form, setForm] = useState<SecuritySettingsForm>(() => formOf(saved));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<SecuritySettingsErrors>({});
  const [saving, setSaving] = useState(false);

  // Another administrator's change shows up on a refetch, but never over what is being typed.
  useEffect(() => {
    if (!dirty) setForm(formOf(saved));
  }, [saved, dirty]);

  const edit = (patch: Partial<SecuritySettingsForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setDirty(true);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof SecuritySettingsErrors];
      return next;
    });
  };

  const save = async () => {
    const checked = checkSecuritySettingsForm(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      notify('app.security_settings.fix_fields', { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const { data: result } = await dataProvider.saveSecuritySettings(checked.value);
      queryClient.setQueryData(SECURITY_KEYS.settings, result.settings);
      // The account status shows the policy too: the tab reads again.
      refresh();
      setDirty(false);
      setForm(formOf(result.settings));
      notify(result.message, { type: 'success', messageArgs: { _: result.message } });
    } catch (error) {
      if (isApiError(error) && error.envelope?.errors) setErrors(error.envelope.errors as SecuritySettingsErrors);
      const message = failureText(error, translate, 'app.security_settings.save_failed');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setSaving(false);
    }
  };

  const t = (key: string, options?: object) => translate(`app.security_settings.${key}`, options);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 760 }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      <Autocomplete
        multiple
        id="allowed-countries"
        options={options}
        value={form.allowedCountries}
        onChange={(_event, value) => edit({ allowedCountries: value })}
        getOptionLabel={nameOf}
        filterOptions={filterCountries}
        filterSelectedOptions
        noOptionsText={t('no_countries')}
        renderValue={(value, getItemProps) =>
          value.map((code, index) => {
            const { key, ...item } = getItemProps({ index });
            return <Chip key={key} {...item} label={nameOf(code)} size="small" />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('countries')}
            placeholder={form.allowedCountries.length ? undefined : t('countries_placeholder')}
            error={Boolean(errors.allowedCountries)}
            helperText={errors.allowedCountries ?? t('countries_help')}
          />
        )}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="max-failed-attempts"
          label={t('max_failed')}
          value={form.maxFailedAttempts}
          onChange={(e) => edit({ maxFailedAttempts: e.target.value })}
          error={Boolean(errors.maxFailedAttempts)}
          helperText={errors.maxFailedAttempts ?? t('max_failed_help', L.maxFailedAttempts)}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 6 } }}
        />
        <TextField
          id="freeze-duration-minutes"
          label={t('freeze_minutes')}
          value={form.freezeDurationMinutes}
          onChange={(e) => edit({ freezeDurationMinutes: e.target.value })}
          error={Boolean(errors.freezeDurationMinutes)}
          helperText={errors.freezeDurationMinutes ?? t('freeze_minutes_help', L.freezeDurationMinutes)}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 6 } }}
        />
      </Box>
      <FormControlLabel
        control={<Switch checked={form.geoAlertEnabled} onChange={(e) => edit({ geoAlertEnabled: e.target.checked })} />}
        label={t('geo_alert')}
      />
      {errors.geoAlertEnabled ? (
        <Typography color="error" variant="caption" role="alert">
          {errors.geoAlertEnabled}
        </Typography>
      ) : null}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={saving || !dirty}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ minHeight: 44 }}
        >
          {saving ? t('saving') : t('save')}
        </Button>
      </Box>
    </Box>
  );
};

/**
 * The security policy on the security tab (decisions.md "Security settings are editable"): allowed
 * countries as a searchable list of Arabic names, geo alerts, failures before a freeze, freeze minutes.
 */
export const SecuritySettingsPanel = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const query = useQuery({
    queryKey: SECURITY_KEYS.settings,
    queryFn: ({ signal }) => dataProvider.getSecuritySettings(signal).then(({ data }) => data),
  });
  return (
    <Panel id="security-settings-title" title={translate('app.security_settings.title')} icon={<TuneIcon />}>
      <QueryContent query={query}>{(settings) => <SettingsForm saved={settings} />}</QueryContent>
    </Panel>
  );
};
