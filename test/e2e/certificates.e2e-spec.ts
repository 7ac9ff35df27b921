import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import jsQR from 'jsqr';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import type { CertificateRow } from '../../src/shared/api/certificates';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { launchChromium, screenshot, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const binary = (res: { on: Function }, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * The PDF's page drawn by poppler's pdftoppm, kept under test-results/screenshots for people to look at,
 * and what a QR reader finds on it.
 */
function renderPdf(pdf: Buffer, name: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-e2e-'));
  try {
    writeFileSync(join(dir, 'c.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', join(dir, 'c.pdf'), join(dir, 'page')]);
    mkdirSync(resolve('test-results/screenshots'), { recursive: true });
    copyFileSync(join(dir, 'page.png'), resolve(`test-results/screenshots/${name}.png`));
    const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A host's certificate from the admin to the paper and to the public check, and a venue's from the admin screen. */
describe('thank-you certificates in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let session: { token: string; username: string };
  let auth: { Authorization: string };
  let requestCode: string;
  let place: { value: string; label: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:certificates-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    session = { token: (await signInAdmin(t.app, 'certificates-e2e-admin')).token, username: 'certificates-e2e-admin' };
    auth = { Authorization: `Bearer ${session.token}` };
    [place] = await db.query(`SELECT value, label FROM dropdown_options WHERE type = 'importantPlace' ORDER BY id DESC LIMIT 1`);
    // Events of February 2022, a window no other test writes.
    for (const [name, status, attendees, weighed, date, venue] of [
      ['قاعة النخيل للمناسبات', 'completed', 300, 84.5, '2022-02-10', place.value],
      ['أسرة الحربي', 'completed', 120, null, '2022-02-17', place.value],
      ['حفل تخرج لم يكتمل', 'confirmed', 80, null, '2022-02-20', null],
    ] as const) {
      const [row] = await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, important_place,
           organizer_name, organizer_phone, food_types, status, weighed_kg, completed_at)
         VALUES ('wedding', $1, $2, '22:00', 'ينبع', $3, $4, $5, '0556622001', '{}', $6, $7, $8) RETURNING id`,
        [
          attendees,
          date,
          venue ? 'important_place' : 'custom',
          venue,
          name,
          status,
          weighed,
          status === 'completed' ? `${date}T20:00:00Z` : null,
        ],
      );
      ids[name] = row.id;
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('draws the certificate in Arabic with a QR code that opens its check (pdftoppm)', async () => {
    const res = await t.http
      .get(`/api/admin/requests/${ids['قاعة النخيل للمناسبات']}/certificate`)
      .set(auth)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const [row] = await db.query(`SELECT code FROM certificates WHERE request_id = $1`, [ids['قاعة النخيل للمناسبات']]);
    requestCode = row.code;
    expect(renderPdf(res.body, 'certificate-request-pdf')).toBe(`${base}/v/${requestCode}`);
    const text = execFileSync('pdftotext', ['-q', '-', '-'], { input: res.body }).toString('utf8').replace(/\s+/g, '');
    expect(text).toContain('قاعةالنخيلللمناسبات');
  });

  it("shows the certificate's figures on its public check, as issued, and the one answer to an unknown code (390 and 1280 px)", async () => {
    // Each page loaded once and looked at at 390 px, then at 1280 px.
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const inBothWidths = async (name: string) => {
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `${name}-${viewport.width}`);
      }
      await page.setViewportSize(VIEWPORTS.phone);
    };
    await page.goto(`${base}/v/${requestCode}`);
    await quiet(page);
    await page.getByRole('heading', { level: 1, name: 'شهادة شكر وتقدير' }).waitFor();
    await page.getByRole('status').getByText('شهادة صحيحة صادرة عن').waitFor();
    const figures = page.getByLabel('ما تذكره الشهادة').getByRole('definition');
    expect(await figures.allInnerTexts()).toEqual(
      expect.arrayContaining([
        'قاعة النخيل للمناسبات',
        '84.5 كجم (موزون)',
        'وزن فعلي سجّلته الجمعية عند الاستلام',
        '201 وجبة (الكيلوجرامات ÷ 0.42)',
        expect.stringMatching(/^10 فبراير 2022م \(\d+ رجب 1443هـ\)$/),
      ]),
    );
    await page.getByText(requestCode, { exact: true }).waitFor();
    await inBothWidths('public-certificate-check');

    // An unknown code: the one answer, in Arabic, with no figures.
    await page.goto(`${base}/v/AAAAAAAAAAAAAAAAAAAAAA`);
    await quiet(page);
    await page.getByRole('alert').getByText('الشهادة غير موجودة، تأكد من الرابط أو رمز التحقق').waitFor();
    expect(await page.getByLabel('ما تذكره الشهادة').count()).toBe(0);
    // An unknown code stays unknown: no button to try again.
    expect(await page.getByRole('button', { name: 'حاول مجدداً' }).count()).toBe(0);
    await inBothWidths('public-certificate-unknown');
    await page.close();
  });

  it('lists certificates in the admin and issues a venue certificate for a period (1280 px)', async () => {
    const page = await signedInPage(browser, base, session, VIEWPORTS.desktop, '/admin/certificates');
    await page.getByRole('heading', { level: 1, name: 'شهادات الشكر' }).waitFor();
    await page.getByTestId('certificate-row').filter({ hasText: 'قاعة النخيل للمناسبات' }).waitFor();

    await page.getByRole('button', { name: 'شهادة لمكان' }).click();
    const dialog = page.getByRole('dialog', { name: 'شهادة شكر لمكان' });
    await dialog.getByLabel('المكان').click();
    await page.getByRole('option', { name: place.label }).click();
    await dialog.getByLabel('من تاريخ').fill('2022-02-28');
    await dialog.getByLabel('إلى تاريخ').fill('2022-02-01');
    await dialog.getByRole('button', { name: 'إصدار الشهادة' }).click();
    await dialog.getByText('يرجى إدخال تاريخ نهاية صحيح لا يسبق تاريخ البداية').waitFor();
    await dialog.getByLabel('من تاريخ').fill('2022-02-01');
    await dialog.getByLabel('إلى تاريخ').fill('2022-02-28');
    await screenshot(page, 'admin-certificate-place-create-1280');
    await dialog.getByRole('button', { name: 'إصدار الشهادة' }).click();
    await page.getByText('صدرت شهادة المكان').first().waitFor();
    const row = page.getByTestId('certificate-row').filter({ hasText: place.label });
    await row.waitFor();
    const [issued] = (await db.query(
      `SELECT figures FROM certificates WHERE kind = 'place' AND place_value = $1 AND period_from = '2022-02-01'`,
      [place.value],
    )) as { figures: { collections: number; weighedKg: number } }[];
    expect(issued.figures).toMatchObject({ collections: 2, weighedKg: 84.5 });
    await page.mouse.move(5, 5);
    // A click elsewhere closes the notification, as it does for a person (rather than waiting for it to go).
    await page.getByRole('heading', { level: 1, name: 'شهادات الشكر' }).click();
    await page.locator('.RaNotification-success').waitFor({ state: 'hidden' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-certificates-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `تحميل PDF: ${place.label}` }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    const list = (
      await t.http
        .get('/api/admin/certificates')
        .query({ filter: JSON.stringify({ kind: 'place' }) })
        .set(auth)
        .expect(200)
    ).body as CertificateRow[];
    expect(renderPdf(pdf, 'certificate-place-pdf')).toBe(list[0].verifyUrl);
    await page.close();
  });

  it("gives a completed request's certificate by its number and refuses one not completed (390 px)", async () => {
    const page = await signedInPage(browser, base, session, VIEWPORTS.phone, '/admin/certificates');
    await page.getByRole('heading', { level: 1, name: 'شهادات الشكر' }).waitFor();
    await page.getByTestId('certificate-row').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-certificates-390');

    await page.getByRole('button', { name: 'شهادة طلب' }).click();
    const dialog = page.getByRole('dialog', { name: 'شهادة طلب مكتمل' });
    await dialog.getByLabel('رقم الطلب').fill(String(ids['حفل تخرج لم يكتمل']));
    await dialog.getByRole('button', { name: 'تحميل الشهادة' }).click();
    await dialog.getByText('تصدر شهادة الشكر بعد اكتمال استلام الطلب').waitFor();
    await screenshot(page, 'admin-certificate-request-refused-390');

    await dialog.getByLabel('رقم الطلب').fill(String(ids['أسرة الحربي']));
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'تحميل الشهادة' }).click()]);
    expect(download.suggestedFilename()).toBe(`شهادة شكر - طلب ${ids['أسرة الحربي']}.pdf`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.getByTestId('certificate-row').filter({ hasText: 'أسرة الحربي' }).waitFor();
    await page.close();
  });
});
