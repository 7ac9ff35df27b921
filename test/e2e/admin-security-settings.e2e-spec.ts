import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { SECURITY_SETTINGS_DEFAULTS } from '../../src/shared/security-settings';
import { axeViolations } from '../support/axe';
import { screenshot, screenshotOf, VIEWPORTS } from '../support/browser';
import { ENGLISH, fitsWidth, SecurityLists } from '../support/security-lists';

const EGYPT = '197.32.0.10';

interface PolicyRow {
  allowed_countries: string[];
  geo_alert_enabled: boolean;
  max_failed_attempts: number;
  freeze_duration_minutes: number;
}

/** The security settings form on the security tab, in Chromium against the real server, at 390 and 1280 px. */
describe('security settings form', () => {
  let lists: SecurityLists;

  beforeAll(async () => {
    // A database of its own: the form writes the policy on every account, and the test reads them all.
    lists = await SecurityLists.start('security-settings-ui', { ownDatabase: true });
  });
  afterEach(async () => {
    // Each case starts from the spec's defaults on every account.
    const d = SECURITY_SETTINGS_DEFAULTS;
    await lists.db.query(
      `UPDATE account_security_status SET allowed_countries = $1, geo_alert_enabled = $2, max_failed_attempts = $3, freeze_duration_minutes = $4`,
      [d.allowedCountries, d.geoAlertEnabled, d.maxFailedAttempts, d.freezeDurationMinutes],
    );
  });
  afterAll(async () => {
    await lists?.close();
  });

  const policies = async () =>
    (await lists.db.query(
      `SELECT DISTINCT allowed_countries, geo_alert_enabled, max_failed_attempts, freeze_duration_minutes FROM account_security_status`,
    )) as PolicyRow[];
  const panelOf = (page: Page) => page.getByRole('region', { name: 'إعدادات الأمان' });
  const countries = (page: Page) => panelOf(page).getByLabel('الدول المسموح بالدخول منها');
  /** Closes the toast (Escape, as the spec allows), so axe checks the form and not text under the toast. */
  const closeToast = async (page: Page) => {
    await page.keyboard.press('Escape');
    await page
      .getByRole('region', { name: /^التنبيهات/ })
      .getByRole('alert')
      .waitFor({ state: 'detached' });
  };

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`adds a country found by its Arabic name, checks the numbers on their fields, saves with a toast, and refuses on the field a list that would lock the administrator out of their own country (${size})`, async () => {
      const page = await lists.newPage(viewport);
      await lists.signedIn(page, `settings-${size}`, '/admin/main');
      const panel = panelOf(page);
      await panel.getByRole('button', { name: /السعودية/ }).waitFor();

      // Typed without the hamza, as people often do: the Emirates are found anyway.
      await countries(page).fill('الامارات');
      await page.getByRole('option', { name: /الإمارات العربية المتحدة/ }).waitFor();
      await screenshot(page, `security-settings-search-${size}`);
      await page.getByRole('option', { name: /الإمارات العربية المتحدة/ }).click();
      await panel.getByRole('button', { name: /الإمارات العربية المتحدة/ }).waitFor();
      await screenshot(page, `security-settings-country-added-${size}`);

      // A value out of range is named on its field, and nothing is sent.
      await panel.getByLabel('المحاولات الفاشلة قبل تجميد الحساب').fill('٥');
      await panel.getByLabel('مدة التجميد بالدقائق').fill('1500');
      await panel.getByRole('button', { name: 'حفظ إعدادات الأمان' }).click();
      await panel.getByText('مدة التجميد رقم صحيح من 5 إلى 1440 دقيقة (يوم كامل)').waitFor();
      expect(await policies()).toEqual([
        { allowed_countries: ['SA'], geo_alert_enabled: true, max_failed_attempts: 3, freeze_duration_minutes: 30 },
      ]);
      await screenshotOf(panel, `security-settings-field-error-${size}`);
      await closeToast(page);
      expect(await axeViolations(page)).toEqual([]);

      await panel.getByLabel('مدة التجميد بالدقائق').fill('60');
      await panel.getByRole('switch', { name: 'تنبيه عند الدخول من دولة لم يُدخل منها من قبل' }).click();
      await panel.getByRole('button', { name: 'حفظ إعدادات الأمان' }).click();
      await page.getByText('تم حفظ إعدادات الأمان وإبلاغ المسؤولين بالتغيير').waitFor();
      expect(await policies()).toEqual([
        { allowed_countries: ['SA', 'AE'], geo_alert_enabled: false, max_failed_attempts: 5, freeze_duration_minutes: 60 },
      ]);
      // The account status above shows the new policy.
      await page.getByRole('region', { name: 'حالة أمان الحساب' }).getByText('60 دقيقة').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
      await screenshot(page, `security-settings-saved-${size}`);

      // Then the administrator is in Egypt (the address a trusted proxy would pass on): a list that would
      // lock them out of their own country is refused on the field.
      const saved = await policies();
      await closeToast(page);
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': EGYPT });
      await countries(page).fill('الأردن');
      await page.getByRole('option', { name: /الأردن/ }).click();
      await panel.getByRole('button', { name: 'حفظ إعدادات الأمان' }).click();
      const refusal = panel.getByText(/أنت متصل الآن من مصر/).first();
      await refusal.waitFor();
      expect(await policies()).toEqual(saved);
      await screenshotOf(panel, `security-settings-lockout-${size}`);
      await closeToast(page);
      expect(await axeViolations(page)).toEqual([]);

      // Adding Egypt itself is what the message asks for: then it saves.
      await countries(page).fill('مصر');
      await page.getByRole('option', { name: 'مصر' }).click();
      await panel.getByRole('button', { name: 'حفظ إعدادات الأمان' }).click();
      await page.getByText('تم حفظ إعدادات الأمان وإبلاغ المسؤولين بالتغيير').waitFor();
      expect((await policies())[0].allowed_countries).toEqual(['SA', 'AE', 'JO', 'EG']);
      await page.close();
    });
  }
});
