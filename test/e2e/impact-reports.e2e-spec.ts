import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, screenshot, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const TITLE = 'أثر موسم الأعراس في ينبع';

/** An administrator creates an impact report; a visitor opens, copies and downloads it in another browser. */
describe('impact reports, from the admin to the shared page', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let session: { token: string; username: string };

  beforeAll(async () => {
    // Behind a trusted proxy, so each visitor below comes from an address of their own.
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:impact-e2e`, TRUST_PROXY: 'true' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    session = { token: (await signInAdmin(t.app, 'impact-e2e-admin')).token, username: 'impact-e2e-admin' };
    // Requests of August 2023 (Riyadh), a window no other test writes.
    for (const [at, status, type, attendees] of [
      ['2023-08-05T10:00:00Z', 'completed', 'wedding', 300],
      ['2023-08-12T10:00:00Z', 'completed', 'wedding', 100],
      ['2023-08-20T10:00:00Z', 'completed', 'graduation', 60],
      ['2023-08-25T10:00:00Z', 'cancelled', 'conference', 80],
    ] as const) {
      await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status, created_at)
         VALUES ($1, $2, '2023-08-30', '22:00', 'ينبع', 'custom', 'منظم التقرير', '0556600001', '{}', $3, $4)`,
        [type, attendees, status, at],
      );
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('creates a report in the admin, refusing it without a title, and lists it with its badge (1280 px)', async () => {
    const page = await signedInPage(browser, base, session, VIEWPORTS.desktop, '/admin/impact-reports');
    await page.getByRole('heading', { level: 1, name: 'تقارير الأثر' }).waitFor();
    await page.getByRole('button', { name: 'تقرير جديد' }).click();
    const dialog = page.getByRole('dialog', { name: 'تقرير أثر جديد' });
    await dialog.getByLabel('تاريخ البداية').fill('2023-08-01');
    await dialog.getByLabel('تاريخ النهاية').fill('2023-08-31');
    await dialog.getByRole('button', { name: 'إنشاء التقرير' }).click();
    await dialog.getByText('يرجى إدخال عنوان التقرير').waitFor();
    await dialog.getByLabel('عنوان التقرير').fill(TITLE);
    await dialog.getByLabel('الوصف (اختياري)').fill('ما جمعناه من فائض الأعراس في شهر أغسطس');
    await dialog.getByRole('button', { name: 'إضافة قصة' }).click();
    await dialog.getByLabel('عنوان القصة').fill('زفاف بثلاثمئة ضيف');
    await dialog.getByLabel('الأثر', { exact: true }).fill('30 أسرة');
    await screenshot(page, 'admin-impact-create-1280');
    await dialog.getByRole('button', { name: 'إنشاء التقرير' }).click();
    await page.getByText('تم إنشاء التقرير').first().waitFor();
    const card = page.getByRole('listitem', { name: TITLE });
    await card.getByText('عام', { exact: true }).waitFor();
    // 150 + 50 + 30 kg from three completed requests.
    await card.getByText(/3 طلب مكتمل · 230 كجم/).waitFor();
    // The item's description, period (Gregorian and Hijri), views and creation date.
    await card.getByText('ما جمعناه من فائض الأعراس في شهر أغسطس').waitFor();
    expect(await card.getByText(/^من .*2023.*هـ\) إلى .*2023.*هـ\)$/).count()).toBe(1);
    await card.getByText(/^0 مشاهدة · أُنشئ /).waitFor();

    // Copy the share link, then open the share page from the list.
    const [{ token }] = await db.query(`SELECT share_token AS token FROM impact_reports WHERE title = $1`, [TITLE]);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await card.getByRole('button', { name: `نسخ رابط ${TITLE}` }).click();
    await page.getByText('تم نسخ رابط التقرير إلى الحافظة').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/impact/${token}`);
    const [shared] = await Promise.all([page.waitForEvent('popup'), card.getByRole('link', { name: `فتح صفحة ${TITLE}` }).click()]);
    await shared.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(new URL(shared.url()).pathname).toBe(`/impact/${token}`);
    await shared.close();
    await page.mouse.move(5, 5);
    // A click elsewhere closes the notification, as it does for a person (rather than waiting for it to go).
    await page.getByRole('heading', { level: 1, name: 'تقارير الأثر' }).click();
    await page.locator('.RaNotification-success').waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-impact-reports-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `تحميل PDF: ${TITLE}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${TITLE}.pdf`);
    const text = execFileSync('pdftotext', ['-q', (await download.path())!, '-']).toString('utf8');
    expect(text.replace(/\s+/g, '')).toContain(TITLE.replace(/\s+/g, ''));

    // The badge is also a switch (the dataProvider's update, a PATCH): private, then public again.
    const visibility = card.getByLabel(`تقرير عام: ${TITLE}`);
    await visibility.click();
    await page.getByText('أصبح التقرير خاصاً ولن يفتح رابطه').waitFor();
    await card.getByText('خاص', { exact: true }).waitFor();
    await visibility.click();
    await page.getByText('أصبح التقرير عاماً').waitFor();
    await card.getByText('عام', { exact: true }).waitFor();
    await page.close();
  });

  it('lists the report at 390 px, and says «فشل في إنشاء التقرير» when the server refuses, with its field error under the field', async () => {
    const page = await signedInPage(browser, base, session, VIEWPORTS.phone, '/admin/impact-reports');
    await page.getByRole('listitem', { name: TITLE }).waitFor();
    await screenshot(page, 'admin-impact-reports-390');
    await page.route('**/api/admin/impact-reports', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 400, message: 'بيانات غير صالحة', errors: { endDate: 'تاريخ النهاية غير مقبول' } }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'تقرير جديد' }).click();
    const dialog = page.getByRole('dialog', { name: 'تقرير أثر جديد' });
    await dialog.getByLabel('عنوان التقرير').fill('تقرير مرفوض');
    await dialog.getByRole('button', { name: 'إنشاء التقرير' }).click();
    await page.getByText('فشل في إنشاء التقرير: بيانات غير صالحة').waitFor();
    await dialog.getByText('تاريخ النهاية غير مقبول').waitFor();
    await screenshot(page, 'admin-impact-create-failed-390');
    await page.close();
  });

  it('opens the shared page in another browser: figures, bars, months, stories, copy link, PDF and a counted view (390 and 1280 px)', async () => {
    const [row] = await db.query(`SELECT share_token AS token, views FROM impact_reports WHERE title = $1`, [TITLE]);
    // Made at 01:30 on 2 September in Riyadh (22:30 UTC the day before): the thank-you block states Riyadh's day.
    await db.query(`UPDATE impact_reports SET created_at = '2023-09-01T22:30:00Z' WHERE title = $1`, [TITLE]);
    {
      // One visitor, the page loaded once and looked at at 390 px, then at 1280 px. (A view counts once
      // per visitor per hour, however often they open it: test/integration/impact-views.int-spec.ts.)
      const visitor = await browser.newContext({
        viewport: VIEWPORTS.phone,
        locale: 'ar-SA',
        timezoneId: 'Asia/Riyadh',
        extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.140' },
      });
      await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      const page = await visitor.newPage();
      await page.goto(`${base}/impact/${row.token}`);
      await quiet(page);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      const stats = page.getByRole('list', { name: 'أرقام التقرير' });
      await stats.getByText('230', { exact: true }).waitFor();
      await stats.getByText('75%', { exact: true }).waitFor();
      await page.getByText('زفاف بثلاثمئة ضيف').waitFor();
      await page.getByText('50% (2)').waitFor();
      await page.getByRole('list').filter({ hasText: '4 طلب' }).getByText('أغسطس 2023', { exact: true }).waitFor();
      await page.getByText('شكراً لكل من أسهم في حفظ النعمة').waitFor();
      // The description, the period (Gregorian and Hijri) and the views, this visitor's included.
      const head = page.locator('header.impact__head');
      expect(await head.locator('.impact__lead').textContent()).toBe('ما جمعناه من فائض الأعراس في شهر أغسطس');
      expect(await head.locator('.impact__meta > span').first().textContent()).toBe(
        'من 1 أغسطس 2023م (14 محرم 1445هـ) إلى 31 أغسطس 2023م (15 صفر 1445هـ)',
      );
      expect((await head.locator('.impact__views').textContent())?.trim()).toBe(`${row.views + 1} مشاهدة`);
      // The four cards: figure, label, estimate mark (families: 230 kg / 0.42 / 5, rounded down).
      expect(
        await stats
          .getByRole('listitem')
          .evaluateAll((cards) =>
            cards.map((card) => [
              card.querySelector('.impact-stat__value')?.textContent,
              card.querySelector('.impact-stat__label')?.textContent,
              card.querySelector('.badge--estimate') !== null,
            ]),
          ),
      ).toEqual([
        ['3', 'طلب جمع مكتمل', false],
        ['109', 'أسرة مستفيدة', true],
        ['230', 'كجم من الطعام المحفوظ', true],
        ['75%', 'نسبة النجاح', false],
      ]);
      // One month: its requests (the cancelled one too) and its kilograms.
      expect(
        await page.locator('.impact-months > li').evaluateAll((months) => months.map((m) => [...m.children].map((c) => c.textContent))),
      ).toEqual([['أغسطس 2023', '4 طلب', '230 كجم']]);
      expect(await page.locator('.impact__thanks p').last().textContent()).toBe('أُعدّ هذا التقرير في 2 سبتمبر 2023م (17 صفر 1445هـ)');

      await page.getByRole('button', { name: 'نسخ الرابط' }).click();
      await page.getByText('تم نسخ رابط التقرير إلى الحافظة').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/impact/${row.token}`);
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `public-impact-report-${viewport.width}`);
      }

      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'تحميل PDF' }).click()]);
      expect(pdf.suggestedFilename()).toBe(`${TITLE}.pdf`);
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await visitor.close();
    }
    const [after] = await db.query(`SELECT views FROM impact_reports WHERE title = $1`, [TITLE]);
    expect(after.views).toBe(row.views + 1);
  });

  it('renders the link preview on the server and says the spec text for an unknown link', async () => {
    const [row] = await db.query(`SELECT share_token AS token FROM impact_reports WHERE title = $1`, [TITLE]);
    const html = await (await fetch(`${base}/impact/${row.token}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${TITLE} — جمعية حفظ النعمة بينبع" />`);
    expect(html).toMatch(
      /<meta property="og:description" content="3 طلب جمع مكتمل · \d+ أسرة مستفيدة \(تقديري\) · 230 كجم من الطعام المحفوظ · نسبة النجاح 75%" \/>/,
    );
    expect(html.match(/og:title/g)).toHaveLength(1);
    const image = html.match(/<meta property="og:image" content="([^"]+)" \/>/)?.[1];
    expect(image).toBe(`${base}/api/impact/${row.token}/og.png`);
    const png = await fetch(image!);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    mkdirSync('test-results/screenshots', { recursive: true });
    writeFileSync('test-results/screenshots/impact-og-image.png', bytes);

    const missing = await fetch(`${base}/impact/NoSuchReportToken123456`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="not-found-path" content="/impact/NoSuchReportToken123456" />');
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA' });
    // The page says so from the server's answer: it does not ask the API what the server already said.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/impact/')) asked.push(request.url());
    });
    await page.goto(`${base}/impact/NoSuchReportToken123456`);
    await quiet(page);
    await page.getByRole('alert').getByText('تقرير غير موجود أو منتهي الصلاحية').waitFor();
    expect(asked).toEqual([]);
    await screenshot(page, 'public-impact-not-found-390');
    await page.close();
  });
  it('says the spec texts when a shared report cannot be shown: unreadable data, a failed download (390 px)', async () => {
    // A report whose stored figures are not what the page reads (a row of an older shape).
    const token = 'CorruptReportE2eToken0001';
    await db.query(
      `INSERT INTO impact_reports (title, period_type, start_date, end_date, report_data, share_token, is_public)
       VALUES ('تقرير بصيغة قديمة', 'custom', '2023-08-01', '2023-08-31', '{"totalRequests": "كثير"}', $1, true)`,
      [token],
    );
    try {
      // The server still answers every address of it without a server error.
      for (const path of [`/impact/${token}`, `/api/impact/${token}`, `/api/impact/${token}/og.png`, `/api/impact/${token}/download`])
        expect((await fetch(base + path)).status).toBeLessThan(500);

      const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA' });
      await page.goto(`${base}/impact/${token}`);
      await quiet(page);
      await page.getByRole('alert').getByText('بيانات التقرير تالفة').waitFor();
      await screenshot(page, 'public-impact-corrupt-390');

      const [good] = await db.query(`SELECT share_token AS token FROM impact_reports WHERE title = $1`, [TITLE]);
      const api = `**/api/impact/${good.token}`;
      // A server failure and no connection give their own texts (public-ui/src/features/impact/api.spec.ts:
      // impactErrorText, which the page shows in the same alert as above).

      // The page shows; the PDF then fails: the alert says so and the page stays.
      await page.route(`${api}/download`, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503</h1>' }));
      await page.goto(`${base}/impact/${good.token}`);
      await quiet(page);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('button', { name: 'تحميل PDF' }).click();
      await page.getByText('فشل في تحميل التقرير').waitFor();
      expect(await page.getByRole('heading', { level: 1, name: TITLE }).isVisible()).toBe(true);
      await screenshot(page, 'public-impact-download-failed-390');
      await page.close();
    } finally {
      await db.query('DELETE FROM impact_reports WHERE share_token = $1', [token]);
    }
  });
});
