import { describe, expect, it } from '@jest/globals';
import { SECURITY_SETTINGS_MESSAGES as M } from '@shared/security-settings';
import { checkSecuritySettingsForm, formOf } from './securitySettingsForm';

const valid = formOf({ allowedCountries: ['SA', 'AE'], geoAlertEnabled: true, maxFailedAttempts: 3, freezeDurationMinutes: 30 });

describe('checkSecuritySettingsForm', () => {
  it('turns a valid form into the request body, reading Arabic-Indic digits', () => {
    expect(checkSecuritySettingsForm({ ...valid, maxFailedAttempts: '٥', freezeDurationMinutes: ' ۱۲۰ ' })).toEqual({
      value: { allowedCountries: ['SA', 'AE'], geoAlertEnabled: true, maxFailedAttempts: 5, freezeDurationMinutes: 120 },
    });
  });

  it('names each field in error with the server’s message', () => {
    expect(checkSecuritySettingsForm({ ...valid, allowedCountries: [], maxFailedAttempts: '2', freezeDurationMinutes: '1441' })).toEqual({
      errors: {
        allowedCountries: M.allowedCountries,
        maxFailedAttempts: M.maxFailedAttempts,
        freezeDurationMinutes: M.freezeDurationMinutes,
      },
    });
    expect(checkSecuritySettingsForm({ ...valid, maxFailedAttempts: '3.5' })).toEqual({
      errors: { maxFailedAttempts: M.maxFailedAttempts },
    });
    expect(checkSecuritySettingsForm({ ...valid, freezeDurationMinutes: '' })).toEqual({
      errors: { freezeDurationMinutes: M.freezeDurationMinutes },
    });
    expect(checkSecuritySettingsForm({ ...valid, allowedCountries: ['SA', 'SA'] })).toEqual({
      errors: { allowedCountries: M.duplicateCountry },
    });
  });
});
