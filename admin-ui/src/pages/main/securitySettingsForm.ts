import { isCountryCode } from '@shared/countries';
import { toWesternDigits } from '@shared/digits';
import { SECURITY_SETTINGS_LIMITS as L, SECURITY_SETTINGS_MESSAGES as M, type SecuritySettings } from '@shared/security-settings';

/** The form as typed: the two numbers are text, so Arabic-Indic digits can be typed too. */
export interface SecuritySettingsForm {
  allowedCountries: string[];
  geoAlertEnabled: boolean;
  maxFailedAttempts: string;
  freezeDurationMinutes: string;
}

export type SecuritySettingsErrors = Partial<Record<keyof SecuritySettings, string>>;

export const formOf = (s: SecuritySettings): SecuritySettingsForm => ({
  allowedCountries: [...s.allowedCountries],
  geoAlertEnabled: s.geoAlertEnabled,
  maxFailedAttempts: String(s.maxFailedAttempts),
  freezeDurationMinutes: String(s.freezeDurationMinutes),
});

/** A whole number within [min, max] from what was typed (٠-٩ and ۰-۹ read as 0-9), else null. */
function wholeNumber(text: string, { min, max }: { min: number; max: number }): number | null {
  const plain = toWesternDigits(text.trim());
  if (!/^\d{1,6}$/.test(plain)) return null;
  const n = Number(plain);
  return n >= min && n <= max ? n : null;
}

/** The same checks as the server (the same limits and messages), before anything is sent. */
export function checkSecuritySettingsForm(form: SecuritySettingsForm): { value: SecuritySettings } | { errors: SecuritySettingsErrors } {
  const errors: SecuritySettingsErrors = {};
  if (!form.allowedCountries.length) errors.allowedCountries = M.allowedCountries;
  else if (!form.allowedCountries.every(isCountryCode)) errors.allowedCountries = M.unknownCountry;
  else if (new Set(form.allowedCountries).size !== form.allowedCountries.length) errors.allowedCountries = M.duplicateCountry;
  const maxFailedAttempts = wholeNumber(form.maxFailedAttempts, L.maxFailedAttempts);
  if (maxFailedAttempts === null) errors.maxFailedAttempts = M.maxFailedAttempts;
  const freezeDurationMinutes = wholeNumber(form.freezeDurationMinutes, L.freezeDurationMinutes);
  if (freezeDurationMinutes === null) errors.freezeDurationMinutes = M.freezeDurationMinutes;
  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      allowedCountries: form.allowedCountries,
      geoAlertEnabled: form.geoAlertEnabled,
      maxFailedAttempts: maxFailedAttempts!,
      freezeDurationMinutes: freezeDurationMinutes!,
    },
  };
}
