import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, VIEWPORTS } from '../support/browser';
import { districtValues, json, PublicSite } from '../support/public-site';

/** The request form's location: GPS with its fallbacks and failures, and the map, in Chromium. */
describe('the public request form: locating the event', () => {
  let site: PublicSite;

  beforeAll(async () => {
    site = await PublicSite.start('public-ui-location');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('uses GPS with the accuracy label, locks the address fields and resets them; falls back to the backup, then coordinates', async () => {
    const context = await site.newContext(VIEWPORTS.phone, { latitude: 24.0895, longitude: 38.0618, accuracy: 8 });
    let primaryCalls = 0;
    let primaryFails = false;
    let backupFails = false;
    const { page } = await site.open('/#request-form', {
      context,
      primaryGeocode: async (route, request) => {
        primaryCalls += 1;
        expect(new URL(request.url()).searchParams.get('accept-language')).toBe('ar');
        if (primaryFails) return json(route, 500, {});
        return json(route, 200, { address: { road: 'شارع الملك عبدالعزيز', suburb: 'حي الصريف', city: 'ينبع' } });
      },
      backupGeocode: async (route) =>
        backupFails
          ? json(route, 503, {})
          : json(route, 200, { locality: 'حي السميري', city: 'ينبع', principalSubdivision: 'المدينة المنورة' }),
    });
    await page.locator('form.request-form').waitFor();
    // A residential address half typed in, then GPS.
    await page.getByLabel('عنوان سكني').check();
    // Districts follow the area (the seeded lists, or the stubs when the server has none yet).
    await page.locator('#rf-area').selectOption('yanbu_city');
    const cityDistricts = await districtValues(page);
    expect(cityDistricts.length).toBeGreaterThan(0);
    await page.locator('#rf-district').selectOption(cityDistricts[0]!);
    // Changing the area clears the district.
    await page.locator('#rf-area').selectOption('yanbu_industrial');
    expect(await page.locator('#rf-district').inputValue()).toBe('');
    const industrialDistricts = await districtValues(page);
    expect(industrialDistricts).not.toEqual(cityDistricts);
    await page.locator('#rf-district').selectOption(industrialDistricts[0]!);

    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    const pinned = page.getByTestId('pinned-location');
    await pinned.getByText('شارع الملك عبدالعزيز، حي الصريف، ينبع').waitFor();
    expect(primaryCalls).toBe(1);
    expect(await pinned.innerText()).toContain('الدقة: عالية');
    // Locked and cleared.
    expect(await page.getByLabel('عنوان سكني').isDisabled()).toBe(true);
    expect(await page.getByLabel('مكان معروف').isDisabled()).toBe(true);
    expect(await page.locator('#rf-area').isDisabled()).toBe(true);
    expect(await page.locator('#rf-area').inputValue()).toBe('');
    expect(await page.locator('#rf-district').inputValue()).toBe('');
    expect(await page.locator('#rf-buildingNumber').isDisabled()).toBe(true);
    expect(await page.locator('#rf-landmarks').inputValue()).toContain('الموقع الحالي');
    await screenshot(page, 'public-request-form-gps-390');

    // Reset unlocks and clears.
    await page.getByRole('button', { name: 'إعادة تعيين الموقع' }).click();
    expect(await pinned.count()).toBe(0);
    expect(await page.getByLabel('عنوان سكني').isDisabled()).toBe(false);
    expect(await page.getByLabel('عنوان سكني').isChecked()).toBe(false);
    expect(await page.locator('#rf-area').count()).toBe(0);
    expect(await page.locator('#rf-landmarks').inputValue()).toBe('');

    // Primary down: the backup answers.
    primaryFails = true;
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await pinned.getByText('حي السميري، ينبع، المدينة المنورة').waitFor();
    await page.getByRole('button', { name: 'إعادة تعيين الموقع' }).click();

    // Both down: the coordinates and a zoom-19 map link; a lower accuracy label.
    backupFails = true;
    await context.setGeolocation({ latitude: 24.1, longitude: 38.05, accuracy: 30 });
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await pinned.getByText('24.100000, 38.050000').waitFor();
    expect(await pinned.innerText()).toContain('الدقة: متوسطة');
    const href = await pinned.getByRole('link', { name: 'فتح الموقع في الخريطة' }).getAttribute('href');
    expect(href).toContain('24.100000,38.050000');
    expect(href).toContain('z=19');
    // What the form sends for this point (its coordinates, the GPS phrase as the address) is
    // public-ui/src/features/request-form/submit.spec.ts's; the server's storing it, requests-create-rules.int-spec.ts's.
  });

  it('says why no position was found: refused, unavailable, timed out, another error, a browser without location; opens the map only when asked', async () => {
    // The browser's position service answers as a phone's would on failure (Chromium cannot be made to).
    const context = await site.newContext(VIEWPORTS.phone);
    await context.addInitScript(() => {
      const w = window as unknown as { __geo: number | 'none' };
      w.__geo = 2;
      const fake = {
        getCurrentPosition: (_found: unknown, failed: (error: { code: number; message: string }) => void) =>
          setTimeout(() => failed({ code: w.__geo as number, message: '' }), 20),
        watchPosition: () => 0,
        clearWatch: () => undefined,
      };
      Object.defineProperty(Navigator.prototype, 'geolocation', { configurable: true, get: () => (w.__geo === 'none' ? undefined : fake) });
    });
    const { page } = await site.open('/#request-form', { context });
    await page.locator('form.request-form').waitFor();
    const gps = page.getByRole('button', { name: 'استخدم موقعي الحالي' });
    const cases: Array<[number, string]> = [
      [2, 'تعذّر تحديد موقعك. تأكد من تشغيل خدمة تحديد الموقع (GPS) والاتصال بالإنترنت، وحاول من مكان مفتوح.'],
      [3, 'انتهت مهلة تحديد الموقع. تحرّك قليلاً وحاول مجدداً، أو اختر الموقع من الخريطة.'],
      [0, 'حدث خطأ أثناء تحديد الموقع. حاول مجدداً أو اختر الموقع من الخريطة.'],
    ];
    // A refused permission (code 1, as Chromium answers a site it was not given the permission): how to allow it.
    await page.evaluate(() => ((window as unknown as { __geo: number }).__geo = 1));
    await gps.click();
    await page.getByText('لم يُسمح بالوصول إلى موقعك').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'رمز القفل' }).count()).toBe(1);
    for (const [code, text] of cases) {
      await page.evaluate((c) => ((window as unknown as { __geo: number }).__geo = c), code);
      await gps.click();
      await page.getByRole('alert').filter({ hasText: text }).waitFor();
      if (code === 2) await screenshot(page, 'public-request-form-gps-unavailable-390');
    }
    // Nothing was pinned or locked by a failure.
    expect(await page.getByTestId('pinned-location').count()).toBe(0);
    expect(await page.getByLabel('عنوان سكني').isDisabled()).toBe(false);

    // A browser without location: an alert, and the same words on the page.
    await page.evaluate(() => ((window as unknown as { __geo: string }).__geo = 'none'));
    const unsupported = 'متصفحك لا يدعم تحديد الموقع. اختر الموقع من الخريطة أو أدخل العنوان يدوياً.';
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await gps.click();
    await page.getByRole('alert').filter({ hasText: unsupported }).waitFor();
    expect(alerts).toEqual([`alert: ${unsupported}`]);

    // The map's code is loaded only when the map is asked for; a picked point locks the address like GPS.
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /MapPicker|Calendar/.test(n)),
      );
    expect(await scripts()).toEqual([]);
    await page.getByRole('button', { name: 'اختر من الخريطة' }).click();
    await page.locator('.leaflet-container').waitFor();
    expect((await scripts()).some((n) => n.includes('MapPicker'))).toBe(true);
    await page.locator('.leaflet-container').click({ position: { x: 120, y: 100 } });
    await page.getByRole('button', { name: 'تأكيد الموقع' }).click();
    await page.getByTestId('pinned-location').getByText('تم تحديد الموقع من الخريطة').waitFor();
    expect(await page.getByLabel('عنوان سكني').isDisabled()).toBe(true);
  });
});
