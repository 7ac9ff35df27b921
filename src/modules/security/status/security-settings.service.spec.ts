import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN, TEST_META } from '../../../../test/support/test-service';
import { COUNTRY_CODES } from '../../../shared/countries';
import { SECURITY_SETTINGS_DEFAULTS, SECURITY_SETTINGS_MESSAGES, type SecuritySettings } from '../../../shared/security-settings';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { GeoIpService } from '../geo/geoip.service';
import { SecuritySettingsRepository } from './security-settings.repository';
import { SecuritySettingsService } from './security-settings.service';

const SA = { countryCode: 'SA', country: 'المملكة العربية السعودية' };

/** The policy columns in memory (SecuritySettingsRepository's SQL is tested on PostgreSQL). */
class FakePolicy {
  policy: SecuritySettings | null = { ...SECURITY_SETTINGS_DEFAULTS };
  writes: { settings: SecuritySettings; editor: string }[] = [];
  locks = 0;
  async lock() {
    this.locks += 1;
  }
  async current() {
    return this.policy && { ...this.policy };
  }
  async applyToAll(_tx: unknown, settings: SecuritySettings, editor: string) {
    this.writes.push({ settings, editor });
    this.policy = { ...settings };
    return 2;
  }
}

function setup(where: typeof SA | null = SA) {
  const repo = new FakePolicy();
  const t = newTestService(SecuritySettingsService, { provide: [[SecuritySettingsRepository, repo]] });
  t.mock(GeoIpService).lookup.mockResolvedValue(where);
  return { ...t, repo, alerts: t.mock(SecurityAlertsService).raise };
}

describe('SecuritySettingsService', () => {
  it('shows the spec’s defaults before any account has a row, and the saved policy after', async () => {
    const t = setup();
    t.repo.policy = null;
    expect(await t.sut.get()).toEqual({ allowedCountries: ['SA'], geoAlertEnabled: true, maxFailedAttempts: 3, freezeDurationMinutes: 30 });
    await t.sut.update({ maxFailedAttempts: 5 }, TEST_ADMIN, TEST_META);
    expect(await t.sut.get()).toEqual({ ...SECURITY_SETTINGS_DEFAULTS, maxFailedAttempts: 5 });
  });

  it('writes a change on every account, logs only the changed fields with before and after, and alerts every administrator', async () => {
    const t = setup();
    const input = { allowedCountries: ['SA', 'AE'], maxFailedAttempts: 5, freezeDurationMinutes: 30 };
    expect(await t.sut.update(input, TEST_ADMIN, TEST_META)).toEqual({
      message: 'تم حفظ إعدادات الأمان وإبلاغ المسؤولين بالتغيير',
      settings: { allowedCountries: ['SA', 'AE'], geoAlertEnabled: true, maxFailedAttempts: 5, freezeDurationMinutes: 30 },
    });
    expect(t.repo.writes).toEqual([{ settings: expect.objectContaining({ maxFailedAttempts: 5 }), editor: 'huda' }]);
    expect(t.repo.locks).toBe(1);
    expect(t.activity.entries).toEqual([
      {
        action: 'security_settings_updated',
        entityType: 'security_settings',
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: {
          changes: {
            allowedCountries: { before: ['SA'], after: ['SA', 'AE'] },
            maxFailedAttempts: { before: 3, after: 5 },
          },
        },
      },
    ]);
    expect(t.alerts).toHaveBeenCalledTimes(1);
    expect(t.alerts.mock.calls[0][1]).toEqual({
      alertType: 'settings_changed',
      severity: 'high',
      description:
        'غيّر huda إعدادات الأمان: الدول المسموحة: أُضيفت الإمارات العربية المتحدة (القائمة الآن: المملكة العربية السعودية، الإمارات العربية المتحدة)؛ المحاولات الفاشلة قبل التجميد: من 3 إلى 5',
      username: 'huda',
      ipAddress: '10.0.0.5',
      ...SA,
      metadata: { fields: ['allowedCountries', 'maxFailedAttempts'] },
    });
    expect(t.uow.commits).toBe(1);
  });

  it('says what was removed and whether the new-country alert was turned off or on', async () => {
    const t = setup();
    t.repo.policy = { ...SECURITY_SETTINGS_DEFAULTS, allowedCountries: ['SA', 'KW'] };
    await t.sut.update({ allowedCountries: ['SA'], geoAlertEnabled: false }, TEST_ADMIN, TEST_META);
    expect(t.alerts.mock.calls[0][1].description).toBe(
      'غيّر huda إعدادات الأمان: الدول المسموحة: حُذفت الكويت (القائمة الآن: المملكة العربية السعودية)؛ تنبيه الدخول من دولة جديدة: أُوقف',
    );
    await t.sut.update({ geoAlertEnabled: true }, TEST_ADMIN, TEST_META);
    expect(t.alerts.mock.calls[1][1].description).toBe('غيّر huda إعدادات الأمان: تنبيه الدخول من دولة جديدة: فُعّل');
  });

  it('refuses an empty change with 400 and writes nothing', async () => {
    const t = setup();
    const error = await refusal(t.sut.update({}, TEST_ADMIN, TEST_META));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', 'لم يُرسل أي إعداد لتغييره']);
    expect([t.repo.writes, t.activity.entries, t.uow.commits]).toEqual([[], [], 0]);
  });

  it('refuses with 409 a country list that leaves out the editor’s own country, naming it, and changes nothing', async () => {
    const t = setup();
    const error = await refusal(t.sut.update({ allowedCountries: ['AE'], maxFailedAttempts: 5 }, TEST_ADMIN, TEST_META));
    const message = SECURITY_SETTINGS_MESSAGES.lockout('المملكة العربية السعودية');
    expect([error.status, error.code, error.message]).toEqual([409, 'SETTINGS_WOULD_LOCK_OUT', message]);
    expect(error.message).toContain('أنت متصل الآن من المملكة العربية السعودية');
    expect(error.options).toEqual({ errors: { allowedCountries: message }, details: { currentCountry: 'SA' } });
    expect([t.repo.writes, t.activity.entries, t.alerts.mock.calls, t.uow.commits]).toEqual([[], [], [], 0]);
  });

  it('accepts any list from an address with no country (loopback, private network)', async () => {
    const t = setup(null);
    expect((await t.sut.update({ allowedCountries: ['AE'] }, TEST_ADMIN, TEST_META)).settings.allowedCountries).toEqual(['AE']);
  });

  it('the same values again change nothing: no write, no log, no alert', async () => {
    const t = setup();
    expect(await t.sut.update({ allowedCountries: ['SA'], geoAlertEnabled: true }, TEST_ADMIN, TEST_META)).toEqual({
      message: 'لم يتغير شيء: الإعدادات كما هي',
      settings: SECURITY_SETTINGS_DEFAULTS,
    });
    expect([t.repo.writes, t.activity.entries, t.alerts.mock.calls]).toEqual([[], [], []]);
  });

  it('the same countries in another order are no change: no write, no log, no alert', async () => {
    const t = setup();
    t.repo.policy = { ...SECURITY_SETTINGS_DEFAULTS, allowedCountries: ['SA', 'AE'] };
    expect(await t.sut.update({ allowedCountries: ['AE', 'SA'] }, TEST_ADMIN, TEST_META)).toEqual({
      message: 'لم يتغير شيء: الإعدادات كما هي',
      settings: { ...SECURITY_SETTINGS_DEFAULTS, allowedCountries: ['SA', 'AE'] },
    });
    expect([t.repo.writes, t.activity.entries, t.alerts.mock.calls]).toEqual([[], [], []]);

    await t.sut.update({ allowedCountries: ['AE', 'SA'], maxFailedAttempts: 5 }, TEST_ADMIN, TEST_META);
    expect(t.repo.writes.map((w) => w.settings.allowedCountries)).toEqual([['SA', 'AE']]);
    expect(t.activity.entries[0].metadata).toEqual({ changes: { maxFailedAttempts: { before: 3, after: 5 } } });
    expect(t.alerts.mock.calls[0][1].description).toBe('غيّر huda إعدادات الأمان: المحاولات الفاشلة قبل التجميد: من 3 إلى 5');
  });

  it('keeps the stored countries in their order and adds new ones after them as the administrator listed them', async () => {
    const t = setup();
    t.repo.policy = { ...SECURITY_SETTINGS_DEFAULTS, allowedCountries: ['SA', 'KW'] };
    const { settings } = await t.sut.update({ allowedCountries: ['QA', 'KW', 'SA', 'AE'] }, TEST_ADMIN, TEST_META);
    expect(settings.allowedCountries).toEqual(['SA', 'KW', 'QA', 'AE']);
    expect(t.repo.writes.map((w) => w.settings.allowedCountries)).toEqual([['SA', 'KW', 'QA', 'AE']]);
    expect(t.activity.entries[0].metadata).toEqual({
      changes: { allowedCountries: { before: ['SA', 'KW'], after: ['SA', 'KW', 'QA', 'AE'] } },
    });
  });

  it('cuts a very long alert text to 700 characters for the WhatsApp template', async () => {
    const t = setup(null);
    await t.sut.update({ allowedCountries: [...COUNTRY_CODES] }, TEST_ADMIN, TEST_META);
    const description = t.alerts.mock.calls[0][1].description;
    expect(description).toHaveLength(700);
    expect(description.endsWith('…')).toBe(true);
  });
});
